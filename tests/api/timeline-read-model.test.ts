import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimelineComment, TimelineItem } from '~/contracts/timeline';
import type { ServerFrame } from '~/contracts/realtime';
import { eventFile, importEvent, type EventFile } from './admin-import';
import { call, startServer, type TestServer } from './harness';
import { accessToken, bearer } from './login-helpers';
import { sharedNodes } from './shared-nodes';
import { connect, type Client } from './realtime-helpers';

// The timeline's shared part is kept per event (docs/timeline.md "Read model"). A change
// through one node drops it on that node before the answer and on every node before the change's
// realtime event arrives there, so a screen that hears of a change and reads again sees it.
const ADMIN_TOKEN = 'test-admin-token-timeline-model';
const REDIS_URL = process.env['TEST_REDIS_URL'];
const HOST = 'smallconf.localhost';

const small = (): EventFile => {
  const file = eventFile('small.event.json');
  Object.assign(file['features'], { stageTabTimeline: true, stageFuncTimelinePosting: true, stageFuncTimelineCommenting: true });
  return file;
};

interface Viewer { id: number; auth: Record<string, string> }

function readModelTests(nodes: () => { writer: TestServer; readers: TestServer[] }) {
  let eventId: number;
  let ada: Viewer;
  let bob: Viewer;
  let sockets: Client[] = [];

  const path = (name: string) => `/api/liveEvent/${eventId}/${name}`;
  const posts = async (server: TestServer, who: Viewer, name = 'getAllTimelineItems') => {
    const res = await call(server, path(name), { host: HOST, headers: who.auth });
    expect(res.status, res.body).toBe(200);
    return res.json<TimelineItem[]>();
  };
  const send = (who: Viewer, name: string, body: unknown) => call(nodes().writer, path(name), {
    host: HOST, method: 'POST', headers: { ...who.auth, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const form = (who: Viewer, name: string, fields: Record<string, string>) => {
    const body = new URLSearchParams(fields).toString();
    return call(nodes().writer, path(name), { host: HOST, method: 'POST', headers: { ...who.auth, 'content-type': 'application/x-www-form-urlencoded' }, body });
  };
  /** Every reader has seen the realtime event `name` (what makes a screen read again). */
  const heard = async (name: string, timelineId: number) => {
    const frame = (f: ServerFrame) => f.type === 'event' && f.name === name && (f.data as { timelineId: number }).timelineId === timelineId;
    for (const socket of sockets) await socket.next(frame);
  };
  /** Reads every node once, so each holds the event's model before the change. */
  const warm = async () => {
    for (const reader of nodes().readers) await Promise.all([posts(reader, ada), posts(reader, bob), posts(reader, bob, 'getPromotedTimelineItems')]);
  };

  beforeAll(async () => {
    const { writer, readers } = nodes();
    eventId = await importEvent(writer, ADMIN_TOKEN, small());
    const users = small()['users'];
    const signIn = async (index: number) => {
      const token = await accessToken(writer, HOST, String(eventId), users[index].email, users[index].password);
      const me = await call(writer, path('getOwnUserInfoFromSession'), { host: HOST, headers: bearer(token) });
      return { id: me.json<{ userModuleResult: { UserID: number } }>().userModuleResult.UserID, auth: bearer(token) };
    };
    ada = await signIn(0);
    bob = await signIn(1);
    // Timeline frames go to members' sockets only (docs/realtime.md): bob listens on every reader.
    const bobToken = bob.auth['authorization']!.slice('Bearer '.length);
    sockets = await Promise.all(readers.map((reader) => connect(reader, HOST, { token: bobToken })));
  });
  afterAll(() => { for (const socket of sockets) socket.ws.close(); });

  it('shows a post by one attendee in the next answer to another on every node', async () => {
    await warm();
    const res = await form(ada, 'addTimelineEntry', { message: 'Fresh news', platform: 'digital' });
    expect(res.status, res.body).toBe(201);
    const post = res.json<TimelineItem>();
    await heard('timeline-add', post.TimelineID);
    for (const reader of nodes().readers) expect((await posts(reader, bob))[0]).toMatchObject({ TimelineID: post.TimelineID, Message: 'Fresh news', Likes: 0 });
  });

  it('shows a like with its exact count to everyone, and as liked only to the one who liked it', async () => {
    const post = (await posts(nodes().writer, ada))[0]!;
    await warm();
    expect((await send(bob, 'likeTimelineEntry', { timelineId: post.TimelineID })).json()).toMatchObject({ Likes: 1, isLiked: true });
    await heard('timeline-modified', post.TimelineID);
    for (const reader of nodes().readers) {
      expect((await posts(reader, bob)).find((i) => i.TimelineID === post.TimelineID)).toMatchObject({ Likes: 1, isLiked: true, LikedBy: [bob.id] });
      expect((await posts(reader, ada)).find((i) => i.TimelineID === post.TimelineID)).toMatchObject({ Likes: 1, isLiked: false, LikedBy: [] });
    }
    await send(ada, 'likeTimelineEntry', { timelineId: post.TimelineID });
    await send(bob, 'unlikeTimelineEntry', { timelineId: post.TimelineID });
    await heard('timeline-modified', post.TimelineID);
    // Two changes: wait for the second frame too (an unlike by Bob).
    for (const socket of sockets) await socket.next((f) => f.type === 'event' && f.name === 'timeline-modified' && (f.data as { by?: { userId: number; isLiked: boolean } }).by?.isLiked === false);
    for (const reader of nodes().readers) {
      expect((await posts(reader, bob)).find((i) => i.TimelineID === post.TimelineID)).toMatchObject({ Likes: 1, isLiked: false });
      expect((await posts(reader, ada)).find((i) => i.TimelineID === post.TimelineID)).toMatchObject({ Likes: 1, isLiked: true, LikedBy: [ada.id] });
    }
  });

  it('shows a comment and then a deleted post gone in the next answer on every node', async () => {
    const post = (await posts(nodes().writer, ada))[0]!;
    await warm();
    const comment = (await form(bob, 'addTimelineComment', { inReplyTo: String(post.TimelineID), message: 'Nice', platform: 'digital' })).json<TimelineComment>();
    await heard('timeline-add-comment', comment.TimelineID);
    for (const reader of nodes().readers) {
      expect((await posts(reader, ada)).find((i) => i.TimelineID === post.TimelineID)).toMatchObject({ CommentCount: 1, Comments: [{ Message: 'Nice' }] });
    }
    expect((await send(ada, 'deleteTimelineEntry', { timelineId: post.TimelineID })).status).toBe(200);
    await heard('timeline-remove', post.TimelineID);
    for (const reader of nodes().readers) expect((await posts(reader, bob)).some((i) => i.TimelineID === post.TimelineID)).toBe(false);
  });

  it('never serves a post or promoted item the organiser removed (an import) from a model kept before', async () => {
    await warm();
    expect((await posts(nodes().readers[0]!, bob)).map((i) => i.Message)).toContain('Welcome!');
    const moderated = small();
    moderated['timeline'] = [];
    await importEvent(nodes().writer, ADMIN_TOKEN, moderated);
    for (const reader of nodes().readers) {
      expect((await posts(reader, bob)).map((i) => i.Message)).not.toContain('Welcome!');
      expect(await posts(reader, bob, 'getPromotedTimelineItems')).toEqual([]);
    }
  });

  it("shows an author's new name on their posts on every node", async () => {
    const res = await form(bob, 'addTimelineEntry', { message: 'By Bob', platform: 'digital' });
    await heard('timeline-add', res.json<TimelineItem>().TimelineID);
    await warm();
    const renamed = await send(bob, 'updateUser', { Firstname: 'Robert', Lastname: 'Builder' });
    expect(renamed.status, renamed.body).toBe(200);
    // No realtime event names it: the data-change message alone reaches the other nodes.
    for (const reader of nodes().readers) {
      await expect.poll(async () => (await posts(reader, ada))[0]!.Author, { timeout: 5000, interval: 50 }).toMatchObject({ UserID: bob.id, Firstname: 'Robert' });
    }
  });
}

describe('timeline read model on one node (SQLite)', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startServer({ env: { SEED_DEMO: '0', ADMIN_TOKEN } }); });
  afterAll(async () => { await server?.stop(); });
  readModelTests(() => ({ writer: server, readers: [server] }));
});

describe.skipIf(!REDIS_URL)('timeline read model across two nodes sharing a database and Redis', () => {
  const nodes = sharedNodes(REDIS_URL ?? '', { ADMIN_TOKEN, SEED_DEMO: '0' }, 'tl');
  readModelTests(() => ({ writer: nodes()[0], readers: [nodes()[1], nodes()[0]] }));
});
