import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, ConsolePoll, ConsoleTimelineItem, LiveNowSnapshot } from '~/contracts/console';
import type { TimelineItem } from '~/contracts/timeline';
import { featuresOn, newAttendee, type Attendee } from './attendee-factory';
import { factories, type Factories } from './factories';
import { newOrganiser, sender, type Send } from './console-helpers';
import { call, sharedServer, type TestServer } from './harness';
import { connect, type Client } from './realtime-helpers';
import { timelineCalls } from './timeline-helpers';

type EventRef = { id: number; slug: string; host: string };

/** One console write with a valid body, an invalid one and the field the 400 names, and what it publishes. */
interface Write { path: (ids: Ids) => string; body: (ids: Ids) => unknown; bad: { path?: (ids: Ids) => string; body: unknown; field: string }; action: string; frame: string }
interface Ids { pollId: number; postId: number; postToPromote: number; sessionId: number }

const READS = ['/api/console/live-now', '/api/console/activity', '/api/console/polls', '/api/console/stage', '/api/console/timeline'];

describe('console calls: organisers of the event only, validated, audited and published', () => {
  let server: TestServer;
  let f: Factories;
  let event: EventRef;
  let other: EventRef;
  let organiser: Attendee;
  let attendee: Attendee;
  let stranger: Attendee;
  let socket: Client;
  let ids: Ids;

  const post = (message: string) => f.db.kysely.insertInto('timeline_items').values({
    event_id: event.id, author_id: attendee.id, message, image_urls: '[]', is_promo: false, platforms: '["digital","webApp"]', created_at: new Date().toISOString(),
  }).returning('id').executeTakeFirstOrThrow().then((row) => Number(row.id));
  let send: Send;

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent({ features: featuresOn('stageTabTimeline', 'stageFuncTimelinePosting', 'stageFuncTimelineCommenting', 'webAppTimeline'), stream_url: '/media/mainstage/index.m3u8' });
    send = sender(server, event.host);
    other = await f.newEvent();
    organiser = await newOrganiser(f, event.id);
    attendee = await newAttendee(f, event.id);
    stranger = await newOrganiser(f, other.id);
    const poll = await f.newPoll(event.id, { type: 0, isOpen: false, alternatives: [{ text: 'Yes' }, { text: 'No' }] });
    ids = { pollId: poll.id, postId: await post('rude words'), postToPromote: await post('great talk'), sessionId: await f.newSession(event.id, { live_url: '/media/breakout/index.m3u8' }) };
    socket = await connect(server, event.host, { token: attendee.token });
  });
  afterAll(async () => { socket?.ws.close(); await f?.close(); await server?.stop(); });

  const WRITES: Write[] = [
    { path: (i) => `/api/console/polls/${i.pollId}/open`, body: () => ({}), bad: { path: () => '/api/console/polls/abc/open', body: {}, field: 'pollId' }, action: 'poll.open', frame: 'poll-change' },
    { path: (i) => `/api/console/polls/${i.pollId}/results`, body: () => ({ publicResults: true }), bad: { body: { publicResults: 'yes' }, field: 'publicResults' }, action: 'poll.results', frame: 'poll-change' },
    { path: (i) => `/api/console/polls/${i.pollId}/promote`, body: () => ({}), bad: { body: { platforms: ['tv'] }, field: 'platforms' }, action: 'poll.promote', frame: 'promoted-message-add' },
    { path: (i) => `/api/console/polls/${i.pollId}/unpromote`, body: () => ({}), bad: { path: () => '/api/console/polls/0/unpromote', body: {}, field: 'pollId' }, action: 'poll.unpromote', frame: 'promoted-message-remove' },
    { path: (i) => `/api/console/polls/${i.pollId}/reset`, body: () => ({}), bad: { path: () => '/api/console/polls/-1/reset', body: {}, field: 'pollId' }, action: 'poll.reset', frame: 'poll-change' },
    { path: (i) => `/api/console/polls/${i.pollId}/close`, body: () => ({}), bad: { path: () => '/api/console/polls/1.5/close', body: {}, field: 'pollId' }, action: 'poll.close', frame: 'poll-change' },
    { path: () => '/api/console/stage/stream', body: (i) => ({ sessionId: i.sessionId }), bad: { body: { url: 'javascript:alert(1)' }, field: 'url' }, action: 'stage.stream', frame: 'event-change' },
    { path: () => '/api/console/stage/holding', body: () => ({ shown: true }), bad: { body: { shown: 'yes' }, field: 'shown' }, action: 'stage.break', frame: 'event-change' },
    { path: () => '/api/console/stage/holding-image', body: () => ({ holdingImageUrl: '/api/asset/uploads/1/holding.webp' }), bad: { body: {}, field: 'holdingImageUrl' }, action: 'stage.holding', frame: 'event-change' },
    { path: () => '/api/console/timeline/pin', body: () => ({ message: 'Coffee in hall B' }), bad: { body: { message: '' }, field: 'message' }, action: 'timeline.pin', frame: 'promoted-message-add' },
    { path: (i) => `/api/console/timeline/${i.postToPromote}/promote`, body: () => ({ linkMode: 'BUTTON_LINK_ONLY', link: '/stage?session=1', platforms: ['digital'] }), bad: { body: { linkMode: 'FLASHY' }, field: 'linkMode' }, action: 'timeline.promote', frame: 'promoted-message-add' },
    { path: (i) => `/api/console/timeline/${i.postId}/remove`, body: () => ({}), bad: { path: () => '/api/console/timeline/x/remove', body: {}, field: 'timelineId' }, action: 'timeline.remove', frame: 'timeline-remove' },
  ];

  // Another event's organiser holds a live session, of their own event (tokens are per event): 403, not the 401 that would log them out there.
  it('refuses every call without a session (401), from an attendee (403) and with another event\'s organiser\'s token or cookie (403 auth.wrong_event, naming nothing of theirs)', async () => {
    const calls = [...READS.map((path) => ({ path, body: undefined })), ...WRITES.map((w) => ({ path: w.path(ids), body: w.body(ids) }))];
    for (const { path, body } of calls) {
      expect((await send(path, {}, body)).status, path).toBe(401);
      const refused = await send(path, attendee.auth, body);
      expect([refused.status, refused.json<{ error: string }>().error], path).toEqual([403, 'console.forbidden']);
      for (const foreign of [stranger.auth, { cookie: `ep_session=${stranger.token}`, origin: `http://${event.host}` }]) {
        const answer = await send(path, foreign, body);
        expect([answer.status, answer.json<{ error: string }>().error], path).toEqual([403, 'auth.wrong_event']);
        expect(answer.body, path).not.toContain(other.slug);
      }
    }
    expect((await send(`/api/console/polls/${ids.pollId}/open`, stranger.auth, {}, other.host)).status).toBe(404);
  });

  it('answers a bad input of every write with the route\'s 400 request.invalid naming the field', async () => {
    for (const write of WRITES) {
      const res = await send((write.bad.path ?? write.path)(ids), organiser.auth, write.bad.body);
      const refusal = res.json<{ error?: string; field?: string }>();
      expect([res.status, refusal.error, refusal.field], write.action).toEqual([400, 'request.invalid', write.bad.field]);
    }
  });

  it('does every write: an audit row and the realtime event attendees hear', async () => {
    for (const write of WRITES) {
      const before = socket.frames.length;
      const res = await send(write.path(ids), organiser.auth, write.body(ids));
      expect(res.status, `${write.action}: ${res.body}`).toBe(200);
      await socket.next((frame) => socket.frames.indexOf(frame) >= before && frame.type === 'event' && frame.name === write.frame);
      const activity = (await send('/api/console/activity?limit=1', organiser.auth)).json<AuditPage>();
      expect(activity.entries[0], write.action).toMatchObject({ action: write.action, userId: organiser.id });
    }
    const polls = (await send('/api/console/polls', organiser.auth)).json<ConsolePoll[]>();
    expect(polls.find((p) => p.id === ids.pollId)).toMatchObject({ isOpen: false, publicResults: true, isPromoted: false, answers: 0 });
    const live = (await send('/api/console/live-now', organiser.auth)).json<LiveNowSnapshot>();
    expect(live.stage).toEqual({ streamUrl: '/media/mainstage/index.m3u8', sessionId: ids.sessionId, sessionTitle: expect.any(String) as string, holdingImageUrl: '/api/asset/uploads/1/holding.webp', holdingShown: true });
  });

  it('keeps /console for the event\'s organisers: another organiser gets the same bytes from the node, an attendee is still refused', async () => {
    const second = await newOrganiser(f, event.id);
    const page = (who: Attendee) => call(server, '/console', { host: event.host, headers: { cookie: `ep_session=${encodeURIComponent(who.token)}` } });
    const first = await page(organiser);
    expect(first.status).toBe(200);
    const kept = await page(second);
    expect([kept.status, kept.headers['x-cache']]).toEqual([200, 'hit']);
    expect(kept.body).toBe(first.body);
    const refused = await page(attendee);
    expect([refused.status, refused.headers['x-cache']]).toEqual([403, undefined]);
    expect(refused.body).not.toContain('console-live-title');
  });

  it('keeps the moderation list as the timeline changes: an attendee\'s post, comment and deletion show on the next read, gzipped for a browser', async () => {
    const timeline = timelineCalls(server, event);
    const list = async () => (await send('/api/console/timeline', organiser.auth)).json<ConsoleTimelineItem[]>();
    const before = await list();
    const mine = (await timeline.post(attendee, { message: 'Where is room B?', platform: 'digital' })).json<TimelineItem>();
    expect((await list())[0]).toMatchObject({ TimelineID: mine.TimelineID, Message: 'Where is room B?', Comments: [] });
    const reply = (await timeline.comment(attendee, mine.TimelineID, 'Found it')).json<TimelineItem>();
    expect((await list())[0]!.Comments.map((c) => c.TimelineID)).toEqual([reply.TimelineID]);
    const zipped = await call(server, '/api/console/timeline', { host: event.host, headers: { ...organiser.auth, 'accept-encoding': 'gzip' } });
    expect([zipped.status, zipped.headers['content-encoding'], zipped.headers['cache-control']]).toEqual([200, 'gzip', 'private, no-cache']);
    expect(JSON.parse(gunzipSync(zipped.bytes).toString('utf8'))).toEqual(await list());
    expect((await timeline.send(attendee, 'deleteTimelineEntry', { timelineId: mine.TimelineID })).status).toBe(200);
    expect((await list()).map((item) => item.TimelineID)).toEqual(before.map((item) => item.TimelineID));
  });

  it('refuses a console write the session cookie alone carries from another site', async () => {
    const res = await send(`/api/console/polls/${ids.pollId}/open`, { cookie: `ep_session=${encodeURIComponent(organiser.token)}`, origin: 'https://evil.example' }, {});
    expect([res.status, res.json<{ error: string }>().error]).toEqual([403, 'auth.cross_site']);
    const same = await send(`/api/console/polls/${ids.pollId}/open`, { cookie: `ep_session=${encodeURIComponent(organiser.token)}`, origin: `http://${event.host}:${server.port}` }, {});
    expect(same.status).toBe(200);
  });
});
