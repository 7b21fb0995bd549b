import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeEventName, ServerFrame } from '~/contracts/realtime';
import { eventFile, importEvent } from './admin-import';
import { newAttendee, type Attendee } from './attendee-factory';
import { chatApi } from './chat-helpers';
import { factories, type Factories } from './factories';
import { call, startServer, type TestServer } from './harness';
import { connect, isProbe, probe, type Client } from './realtime-helpers';
import { timelineCalls } from './timeline-helpers';

/*
 * Who hears what on /realtime (docs/realtime.md "Audiences"): for each event name a real call
 * publishes it, and an anonymous socket, a member's socket and (for personal events) a third
 * attendee's socket show what each received. A probe (heard by everyone) after each step marks
 * where the step's frames end, so "not received" is checked, not guessed.
 */

const ADMIN = 'audience-admin-token';
const FEATURES = {
  stageTabTimeline: true, stageFuncTimelinePosting: true, stageFuncTimelineCommenting: true, stageChatEnabled: true,
  stageTabParticipants: true, bookingsEnabled: true, stageTabAgenda: true, stageTabInfoPages: true, stageTabDocuments: true,
};

type Frame = Extract<ServerFrame, { type: 'event' }>;
const named = (name: string) => (frame: ServerFrame): frame is Frame => frame.type === 'event' && frame.name === name;

let server: TestServer;
let f: Factories;
let event: { id: number; slug: string; host: string };
let poster: Attendee;
let member: Attendee;
let stranger: Attendee;
let anonymous: Client;
let memberSocket: Client;
let posterSocket: Client;
let strangerSocket: Client;
let seq = 0;

/** Runs `step`, then waits until every socket got the probe sent after it: all its frames have arrived. */
async function settle(step: () => Promise<unknown>): Promise<void> {
  await step();
  seq += 1;
  expect((await probe(server, event.slug, seq, ADMIN)).status).toBe(202);
  await Promise.all([anonymous, memberSocket, posterSocket, strangerSocket].map((c) => c.next(isProbe(seq))));
}

const got = (client: Client, name: string): Frame[] => client.frames.filter(named(name));

beforeAll(async () => {
  server = await startServer({ env: { SEED_DEMO: '0', ADMIN_TOKEN: ADMIN } });
  f = factories(server);
  const slug = `aud${process.pid.toString(36)}`;
  const id = await importEvent(server, ADMIN, { ...eventFile('small.event.json'), slug, features: FEATURES });
  event = { id, slug, host: `${slug}.localhost` };
  [poster, member, stranger] = [await newAttendee(f, id), await newAttendee(f, id), await newAttendee(f, id)];
  anonymous = await connect(server, event.host);
  memberSocket = await connect(server, event.host, { token: member.token });
  strangerSocket = await connect(server, event.host, { token: stranger.token });
  posterSocket = await connect(server, event.host, { token: poster.token });
});

afterAll(async () => {
  for (const c of [anonymous, memberSocket, posterSocket, strangerSocket]) c?.ws.close();
  await f?.close();
  await server?.stop();
});

describe('realtime audiences: the timeline goes to members only', () => {
  const timeline = () => timelineCalls(server, event);
  let postId = 0;

  it('sends timeline-add with the post and its author to members, never to an anonymous socket', async () => {
    await settle(async () => {
      const res = await timeline().post(poster, { message: 'Only for members' });
      expect(res.status, res.body).toBe(201);
      postId = res.json<{ TimelineID: number }>().TimelineID;
    });
    expect(got(memberSocket, 'timeline-add').map((fr) => (fr.data as { timelineId: number }).timelineId)).toEqual([postId]);
    expect(got(anonymous, 'timeline-add')).toEqual([]);
    expect(JSON.stringify(anonymous.frames)).not.toContain('Only for members');
  });

  it('sends timeline-add-comment to members only', async () => {
    await settle(async () => expect((await timeline().comment(poster, postId, 'A members-only comment')).status).toBe(201));
    expect(got(memberSocket, 'timeline-add-comment')).toHaveLength(1);
    expect(got(anonymous, 'timeline-add-comment')).toEqual([]);
  });

  it('sends timeline-modified to members without the liker; only the liker\'s own sockets learn whose like it was', async () => {
    await settle(async () => expect((await timeline().send(member, 'likeTimelineEntry', { timelineId: postId })).status).toBe(200));
    expect(got(anonymous, 'timeline-modified')).toEqual([]);
    const seenByOthers = [...got(posterSocket, 'timeline-modified'), ...got(strangerSocket, 'timeline-modified')];
    expect(seenByOthers).toHaveLength(2);
    for (const frame of seenByOthers) expect(frame.data).not.toHaveProperty('by');
    expect(got(memberSocket, 'timeline-modified').map((fr) => (fr.data as { by?: unknown }).by))
      .toContainEqual({ userId: member.id, isLiked: true });
  });

  it('sends timeline-remove-comment and timeline-remove to members only', async () => {
    const comment = await timeline().comment(poster, postId, 'Gone soon');
    await settle(async () => expect((await timeline().send(poster, 'deleteTimelineComment', { timelineId: comment.json<{ TimelineID: number }>().TimelineID })).status).toBe(200));
    await settle(async () => expect((await timeline().send(poster, 'deleteTimelineEntry', { timelineId: postId })).status).toBe(200));
    for (const name of ['timeline-remove-comment', 'timeline-remove']) {
      expect(got(memberSocket, name), name).toHaveLength(1);
      expect(got(anonymous, name), name).toEqual([]);
    }
  });

  it('sends promoted-message-modified and promoted-message-remove to members only', async () => {
    const row = await f.db.kysely.insertInto('timeline_items').values({
      event_id: event.id, key: null, author_id: poster.id, in_reply_to: null, message: 'Promoted', image_urls: '[]', is_promo: true,
      link_mode: null, promo_link: null, promo_link_text: null, platforms: '["digital"]', created_at: new Date().toISOString(),
    }).returning('id').executeTakeFirstOrThrow();
    const promotedId = Number(row.id);
    await settle(async () => expect((await timeline().send(member, 'likeTimelineEntry', { timelineId: promotedId })).status).toBe(200));
    await settle(async () => expect((await timeline().send(poster, 'deleteTimelineEntry', { timelineId: promotedId })).status).toBe(200));
    for (const name of ['promoted-message-modified', 'promoted-message-remove']) {
      expect(got(strangerSocket, name), name).toHaveLength(1);
      expect(got(anonymous, name), name).toEqual([]);
    }
    for (const frame of got(strangerSocket, 'promoted-message-modified')) expect(frame.data).not.toHaveProperty('by');
  });
});

describe('realtime audiences: presence and chats', () => {
  it('sends online-users-change to members only, and never names a hidden attendee', async () => {
    const hidden = await newAttendee(f, event.id);
    await f.db.kysely.updateTable('users').set({ is_hidden: true }).where('id', '=', hidden.id).execute();
    const visible = await newAttendee(f, event.id);
    let hiddenSocket: Client | undefined;
    let visibleSocket: Client | undefined;
    await settle(async () => {
      hiddenSocket = await connect(server, event.host, { token: hidden.token });
      visibleSocket = await connect(server, event.host, { token: visible.token });
      await memberSocket.next((fr) => named('online-users-change')(fr) && (fr.data as { online: number[] }).online.includes(visible.id));
    });
    expect(got(anonymous, 'online-users-change')).toEqual([]);
    expect(JSON.stringify(got(memberSocket, 'online-users-change'))).not.toContain(`${hidden.id}`);
    hiddenSocket?.ws.close();
    visibleSocket?.ws.close();
  });

  it('sends chat-new-chat, chat-new-message and chat-change to the chat\'s two members only', async () => {
    const chat = chatApi(server, event);
    let chatId = 0;
    await settle(async () => { chatId = await chat.open(poster, member); });
    await settle(async () => expect((await chat.post(poster, chatId, 'Just between us')).status).toBe(200));
    await settle(async () => expect((await chat.read(member, chatId)).status).toBe(200));
    for (const name of ['chat-new-chat', 'chat-new-message']) {
      expect(got(memberSocket, name), name).toHaveLength(1);
      expect(got(strangerSocket, name), name).toEqual([]);
      expect(got(anonymous, name), name).toEqual([]);
    }
    expect(got(posterSocket, 'chat-change')).toHaveLength(1);
    expect(got(strangerSocket, 'chat-change')).toEqual([]);
    expect(got(anonymous, 'chat-change')).toEqual([]);
    expect(JSON.stringify([...anonymous.frames, ...strangerSocket.frames])).not.toContain('Just between us');
  });
});

describe('realtime audiences: what the whole event may hear', () => {
  it('sends an import\'s event-change and agenda-change to everyone, its content and timeline refetches to members only', async () => {
    await settle(() => importEvent(server, ADMIN, { ...eventFile('small.event.json'), slug: event.slug, name: 'Renamed', features: FEATURES }));
    const everyone: RealtimeEventName[] = ['event-change', 'agenda-change'];
    const members: RealtimeEventName[] = ['info-page-change', 'document-change', 'publicGroups-change', 'timeline-change'];
    for (const name of everyone) expect(got(anonymous, name), name).toHaveLength(1);
    for (const name of members) {
      expect(got(memberSocket, name), name).toHaveLength(1);
      expect(got(anonymous, name), name).toEqual([]);
    }
  });

  it('sends agenda-change after a booking to everyone (seats left name nobody)', async () => {
    const later = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const sessionId = await f.newSession(event.id, { seat_limit: 5, start_date: later(24), end_date: later(25) });
    const before = got(anonymous, 'agenda-change').length;
    await settle(async () => {
      const res = await call(server, `/api/liveEvent/${event.id}/liveGetAgendaInfo/bookSession`, {
        host: event.host, method: 'POST', headers: { ...member.auth, 'content-type': 'application/json' }, body: JSON.stringify({ EventId: event.id, SessionId: sessionId }),
      });
      expect(res.status, res.body).toBe(200);
    });
    expect(got(anonymous, 'agenda-change').length).toBe(before + 1);
  });

  it('sends poll-change, quiz-change and quiz-change-{key} to everyone (results screens sign in with their own password)', async () => {
    const poll = await f.newPoll(event.id, { type: 0, alternatives: [{ text: 'Yes' }, { text: 'No' }] });
    const quiz = await f.newPoll(event.id, { type: 2, items: [{ type: 0, alternatives: [{ text: 'A', correct: true }, { text: 'B' }] }] });
    const vote = (path: string, body: unknown) => call(server, `/api/liveEvent/${event.id}/${path}`, {
      host: event.host, method: 'POST', headers: { ...member.auth, 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    await settle(async () => {
      expect((await vote('liveStorePollAnswer', { PollID: poll.id, QuestionType: 0, Alternatives: [poll.alternatives[0]] })).status).toBe(200);
      await anonymous.next(named('poll-change'));
    });
    const item = quiz.items[0]!;
    await settle(async () => {
      const res = await vote('quizAnswer', { quizId: quiz.id, items: [{ id: item.id, pollId: item.id, answers: [item.alternatives[0]] }] });
      expect(res.status, res.body).toBe(200);
      await anonymous.next(named(`quiz-change-${quiz.accessKey}`));
    });
    expect(got(anonymous, 'quiz-change')).not.toEqual([]);
  });

  it('sends a coded quiz\'s quiz-change-{key} only to those who gave its code and the organisers, never to an anonymous socket', async () => {
    const quiz = await f.newPoll(event.id, { type: 5, code: '4821', items: [{ type: 0, alternatives: [{ text: 'A', correct: true }, { text: 'B' }] }] });
    const organiser = await newAttendee(f, event.id);
    await f.db.kysely.updateTable('users').set({ is_organiser: true }).where('id', '=', organiser.id).execute();
    const organiserSocket = await connect(server, event.host, { token: organiser.token });
    try {
      const api = (path: string, init: { method?: string; body?: unknown } = {}) => call(server, `/api/liveEvent/${event.id}/${path}`, {
        host: event.host, method: init.method ?? 'GET', headers: { ...member.auth, 'content-type': 'application/json' },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      expect((await api('liveGetPoll/4821/1')).status).toBe(200);
      const item = quiz.items[0]!;
      const name = `quiz-change-${quiz.accessKey}`;
      await settle(async () => {
        const res = await api('quizAnswer', { method: 'POST', body: { quizId: quiz.id, items: [{ id: item.id, pollId: item.id, answers: [item.alternatives[0]] }] } });
        expect(res.status, res.body).toBe(200);
        await Promise.all([memberSocket.next(named(name)), organiserSocket.next(named(name))]);
      });
      expect(got(memberSocket, name)).not.toEqual([]);
      expect(got(organiserSocket, name)).not.toEqual([]);
      for (const socket of [anonymous, strangerSocket, posterSocket]) expect(got(socket, name)).toEqual([]);
      expect(JSON.stringify(anonymous.frames)).not.toContain(quiz.accessKey);
    } finally {
      organiserSocket.ws.close();
    }
  });

  it('sends an import\'s info-page-change and document-change only where some platform shows pages and documents', async () => {
    const count = (name: RealtimeEventName) => got(memberSocket, name).length;
    const before = { event: count('event-change'), pages: count('info-page-change'), documents: count('document-change') };
    const features = { ...FEATURES, stageTabInfoPages: false, stageTabDocuments: false, webAppNavigationDocuments: true };
    await settle(() => importEvent(server, ADMIN, { ...eventFile('small.event.json'), slug: event.slug, name: 'No pages', features }));
    expect(count('event-change')).toBe(before.event + 1);
    expect(count('info-page-change')).toBe(before.pages);
    expect(count('document-change')).toBe(before.documents + 1);
  });
});
