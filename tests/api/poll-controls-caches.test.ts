import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LivePoll } from '~/contracts/polls';
import { featuresOn, newAttendee, type Attendee } from './attendee-factory';
import { newOrganiser, sender } from './console-helpers';
import { factories, type Factories, type NewPoll } from './factories';
import { call, startServer, type TestServer } from './harness';
import { parsePrometheusText, sampleValue } from './prometheus-text';
import { sharedNodes } from './shared-nodes';

// A console's poll control drops what shows the poll's state (data-change `polls`: the poll shapes,
// the kept livePolls answer and stage page) on every node, and nothing else: the event's version
// stays, so the agenda's read model and the event itself are not built again, and kept answers that
// do not show polls (the speakers) stay kept. Through one node (SQLite), and with the console on
// one node and attendees on both (PostgreSQL + Redis).
const REDIS_URL = process.env['TEST_REDIS_URL'];
const ENV = { SEED_DEMO: '0' };

type EventRef = { id: number; slug: string; host: string };

async function builds(server: TestServer, model: string): Promise<number> {
  const res = await call(server, '/metrics');
  expect(res.status).toBe(200);
  return sampleValue(parsePrometheusText(res.body), 'ep_read_model_builds_total', { model }) ?? 0;
}

function pollControlTests(nodes: () => TestServer[]) {
  let f: Factories;
  let event: EventRef;
  let organiser: Attendee;
  let poll: NewPoll;
  const attendees: Attendee[] = [];

  const console = () => nodes()[0]!;
  const version = async () => Number((await f.db.kysely.selectFrom('events').select('version').where('id', '=', event.id).executeTakeFirstOrThrow()).version);
  const get = (server: TestServer, path: string, who: Attendee) => call(server, path, { host: event.host, headers: who.auth });
  const livePolls = async (server: TestServer, who: Attendee) => {
    const res = await get(server, `/api/liveEvent/${event.id}/livePolls`, who);
    expect(res.status).toBe(200);
    return { ids: res.json<LivePoll[]>().map((p) => ('id' in p ? p.id : undefined)), cache: res.headers['x-cache'] };
  };
  const agenda = async (server: TestServer, who: Attendee) => {
    const res = await get(server, `/api/liveEvent/${event.id}/liveGetAgendaInfo`, who);
    expect(res.status, res.body).toBe(200);
    expect(res.body).toContain('Keynote');
  };
  const vote = (server: TestServer, who: Attendee) => call(server, `/api/liveEvent/${event.id}/liveStorePollAnswer`, {
    method: 'POST', host: event.host, headers: { ...who.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ PollID: poll.id, QuestionType: 0, Alternatives: [poll.alternatives[0]] }),
  });
  /** What each node built of the event and its agenda so far. */
  const builtPerNode = () => Promise.all(nodes().map(async (node) => [await builds(node, 'event'), await builds(node, 'agenda')]));

  beforeAll(async () => {
    f = factories(console());
    event = await f.newEvent({ features: featuresOn('stageTabAgenda', 'stageTabSpeakers') });
    await f.newSession(event.id, { title: 'Keynote' });
    await f.newSpeaker(event.id, { first_name: 'Ingrid' });
    poll = await f.newPoll(event.id, { type: 0, isOpen: false, alternatives: [{ text: 'Yes' }, { text: 'No' }] });
    organiser = await newOrganiser(f, event.id);
    for (let i = 0; i < 2 * nodes().length; i++) attendees.push(await newAttendee(f, event.id));
  });
  afterAll(async () => { await f?.close(); });

  it('opens a poll without moving the event version or building the agenda again, and every node answers livePolls and votes with it open at once', async () => {
    const [first, second] = attendees;
    for (const node of nodes()) {
      await agenda(node, first!);
      // Kept for every member: the second member's read is the node's kept answer.
      expect((await livePolls(node, first!)).ids).not.toContain(poll.id);
      expect(await livePolls(node, second!)).toEqual({ ids: expect.not.arrayContaining([poll.id]), cache: 'hit' });
      expect((await get(node, '/stage', first!)).status).toBe(200);
      expect((await get(node, '/stage', second!)).headers['x-cache']).toBe('hit');
      const refused = await vote(node, first!);
      expect([refused.status, refused.json<{ error: string }>().error]).toEqual([422, 'poll.closed']);
    }
    const versionBefore = await version();
    const builtBefore = await builtPerNode();
    // Each node built the event and its agenda: a build after the change would show.
    expect(builtBefore.flat().every((count) => count > 0)).toBe(true);

    const opened = await sender(console(), event.host)(`/api/console/polls/${poll.id}/open`, organiser.auth, {});
    expect(opened.status, opened.body).toBe(200);

    for (const [index, node] of nodes().entries()) {
      expect(await livePolls(node, second!)).toEqual({ ids: expect.arrayContaining([poll.id]), cache: undefined });
      // The stage's "Live now" strip is in the kept page: rendered again with the poll.
      const stage = await get(node, '/stage', second!);
      expect([stage.status, stage.headers['x-cache']]).toEqual([200, undefined]);
      expect(stage.body).toContain(poll.accessKey);
      expect((await vote(node, attendees[2 + index] ?? first!)).status).toBe(200);
      await agenda(node, first!);
    }
    expect(await version()).toBe(versionBefore);
    expect(await builtPerNode()).toEqual(builtBefore);
  });

  it('closes the poll the same way: livePolls drops it on every node at once, the agenda and the kept speakers stay as they were', async () => {
    const [first, second] = attendees;
    const speakers = `/api/liveEvent/${event.id}/liveGetSpeakerInfo`;
    for (const node of nodes()) {
      await get(node, speakers, first!);
      expect((await get(node, speakers, second!)).headers['x-cache']).toBe('hit');
      expect((await livePolls(node, first!)).ids).toContain(poll.id);
    }
    const versionBefore = await version();
    const builtBefore = await builtPerNode();

    const closed = await sender(console(), event.host)(`/api/console/polls/${poll.id}/close`, organiser.auth, {});
    expect(closed.status, closed.body).toBe(200);

    for (const node of nodes()) {
      expect((await livePolls(node, second!)).ids).not.toContain(poll.id);
      expect((await get(node, speakers, second!)).headers['x-cache']).toBe('hit');
      const refused = await vote(node, second!);
      expect([refused.status, refused.json<{ error: string }>().error]).toEqual([422, 'poll.closed']);
      await agenda(node, first!);
    }
    expect(await version()).toBe(versionBefore);
    expect(await builtPerNode()).toEqual(builtBefore);
  });
}

describe('console poll controls and the caches, on one node', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startServer({ env: ENV }); });
  afterAll(async () => { await server?.stop(); });
  pollControlTests(() => [server]);
});

describe.skipIf(!REDIS_URL)('console poll controls and the caches, across two nodes sharing the database and Redis', () => {
  const nodes = sharedNodes(REDIS_URL ?? '', ENV, 'poll-caches');
  pollControlTests(() => nodes());
});
