import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Platform } from '~/contracts/event-settings';
import type { AuthUser } from '~/contracts/login';
import type { Organiser } from '~/server/console/console.service';
import { consoleScenario, failureOf as code, NOW, type ConsoleFixture } from './console-fixture';

// On SQLite, and on PostgreSQL as well when TEST_DATABASE_URL is set.
/** The host the console's calls come to. */
const HOST = 'demo.localhost';

describe('console stage, moderation and activity', () => {
  let f: ConsoleFixture;
  let eventId: number;
  let organiser: Organiser;
  let attendee: AuthUser;

  beforeAll(async () => ({ f, eventId, organiser, attendee } = await consoleScenario('stage-show')));
  afterAll(async () => f.close());
  beforeEach(() => {
    f.frames.length = 0;
    f.dataChanges.length = 0;
  });

  it('switches the stream to an address: stored on the event, every node drops it, then event-change', async () => {
    const before = await f.service.stage.current(organiser);
    const after = await f.service.stage.switchStream(organiser, { url: 'https://streams.example/live.m3u8' }, HOST);
    expect(after).toEqual({ ...before, streamUrl: 'https://streams.example/live.m3u8', sessionId: null, sessionTitle: null });
    expect(await f.service.stage.current(organiser)).toEqual(after);
    expect(f.dataChanges).toEqual([{ eventId, scope: undefined }]);
    expect(f.frames).toEqual([{ eventId, name: 'event-change', data: { version: expect.any(Number) as number } }]);
    const { entries } = await f.service.audit.list(organiser, { limit: 1 });
    expect(entries[0]).toMatchObject({ action: 'stage.stream', target: 'stage', before: { streamUrl: before.streamUrl }, after: { streamUrl: 'https://streams.example/live.m3u8' } });
  });

  it('puts a session\'s stream on the stage keeping the main stream, returns to it in one call, and refuses a session without one, naming the field', async () => {
    const session = await f.k.insertInto('sessions').values({ event_id: eventId, key: 's1', track_id: null, title: 'Breakout', subtitle: null, description: null,
      start_date: NOW, end_date: NOW, live_url: '/media/breakout/index.m3u8', seat_limit: 0, keywords: null }).returning('id').executeTakeFirstOrThrow();
    const silent = await f.k.insertInto('sessions').values({ event_id: eventId, key: 's2', track_id: null, title: 'Silent', subtitle: null, description: null,
      start_date: NOW, end_date: NOW, live_url: null, seat_limit: 0, keywords: null }).returning('id').executeTakeFirstOrThrow();
    const main = (await f.service.stage.current(organiser)).streamUrl;
    const onAir = await f.service.stage.switchStream(organiser, { sessionId: Number(session.id) }, HOST);
    expect(onAir).toMatchObject({ streamUrl: main, sessionId: Number(session.id), sessionTitle: 'Breakout' });
    // What attendees read: the session's stream and title, from the event itself.
    const event = await f.k.selectFrom('events').select(['stream_url', 'stage_session_id']).where('id', '=', eventId).executeTakeFirstOrThrow();
    expect(event).toEqual({ stream_url: main, stage_session_id: Number(session.id) });
    const { entries } = await f.service.audit.list(organiser, { limit: 1 });
    expect(entries[0]).toMatchObject({ action: 'stage.stream', before: { sessionId: null }, after: { sessionId: Number(session.id), sessionTitle: 'Breakout' } });
    expect(await f.service.stage.switchStream(organiser, { sessionId: null }, HOST)).toMatchObject({ streamUrl: main, sessionId: null, sessionTitle: null });
    // A session deleted while on the stage reads as the main stream.
    await f.service.stage.switchStream(organiser, { sessionId: Number(session.id) }, HOST);
    await f.k.updateTable('sessions').set({ live_url: null }).where('id', '=', Number(session.id)).execute();
    expect(await f.service.stage.current(organiser)).toMatchObject({ streamUrl: main, sessionId: null });
    await f.k.updateTable('sessions').set({ live_url: '/media/breakout/index.m3u8' }).where('id', '=', Number(session.id)).execute();
    await f.service.stage.switchStream(organiser, { sessionId: null }, HOST);
    expect(await code(() => f.service.stage.switchStream(organiser, { sessionId: Number(silent.id) }, HOST))).toBe('console.invalid sessionId');
    expect(await code(() => f.service.stage.switchStream(organiser, { sessionId: 999_999 }, HOST))).toBe('console.invalid sessionId');
  });

  it('refuses stream and picture addresses that are no media: other paths of this site, its own host, plain http', async () => {
    for (const url of ['/api/liveEvent/demo/sendContactInfo/1', '/api/liveEvent/1/sendAllDocuments', '/console', '/media/../api/liveEvent/1/sendAllDocuments',
      '/demo/%2e%2e/api/x', '/uploads/holding.webp', `https://${HOST}/api/liveEvent/1/sendAllDocuments`, `https://${HOST.toUpperCase()}/media/x.m3u8`,
      'http://streams.example/live.m3u8', 'https://user:pass@streams.example/live.m3u8']) {
      expect(await code(() => f.service.stage.switchStream(organiser, { url }, HOST)), url).toBe('console.invalid url');
      expect(await code(() => f.service.stage.setHoldingImage(organiser, url, HOST)), url).toBe('console.invalid holdingImageUrl');
    }
    for (const url of ['/media/mainstage/index.m3u8', '/demo/lobby-banner.svg', '/api/asset/uploads/1/a.webp', 'https://cdn.example/b.jpg']) {
      expect((await f.service.stage.setHoldingImage(organiser, url, HOST)).holdingImageUrl, url).toBe(url);
    }
  });

  it('refuses addresses that are neither http(s) nor a path on this site', async () => {
    expect(await code(() => f.service.stage.switchStream(organiser, { url: 'javascript:alert(1)' }, HOST))).toBe('console.invalid url');
    expect(await code(() => f.service.stage.switchStream(organiser, { url: '//evil.example/x' }, HOST))).toBe('console.invalid url');
  });

  it('covers every player with the holding picture and takes it away: stored, audited, event-change; the route refuses anything but true or false', async () => {
    expect((await f.service.stage.showHolding(organiser, true)).holdingShown).toBe(true);
    expect(f.frames.map((frame) => frame.name)).toEqual(['event-change']);
    const { entries } = await f.service.audit.list(organiser, { limit: 1 });
    expect(entries[0]).toMatchObject({ action: 'stage.break', before: { holdingShown: false }, after: { holdingShown: true } });
    expect((await f.service.stage.current(organiser)).holdingShown).toBe(true);
    expect((await f.service.stage.showHolding(organiser, false)).holdingShown).toBe(false);
  });

  it('sets and clears the holding picture', async () => {
    expect((await f.service.stage.setHoldingImage(organiser, '/api/asset/uploads/1/holding.webp', HOST)).holdingImageUrl).toBe('/api/asset/uploads/1/holding.webp');
    expect((await f.service.stage.setHoldingImage(organiser, null, HOST)).holdingImageUrl).toBeNull();
  });

  it('removes anyone\'s post and comment, publishing the timeline events, and audits what was there', async () => {
    const post = await f.newPost(eventId, attendee.userId, 'rude words');
    const other = await f.newPost(eventId, attendee.userId, 'fine');
    const comment = await f.newPost(eventId, attendee.userId, 'rude reply', other);
    await f.service.moderation.remove(organiser, post);
    await f.service.moderation.remove(organiser, comment);
    expect(f.frames).toEqual([
      { eventId, name: 'timeline-remove', data: { timelineId: post } },
      { eventId, name: 'timeline-remove-comment', data: { timelineId: comment, inReplyTo: other } },
    ]);
    expect((await f.service.audit.list(organiser, { limit: 2 })).entries.map((e) => [e.action, (e.before as { message: string }).message]))
      .toEqual([['timeline.remove', 'rude reply'], ['timeline.remove', 'rude words']]);
    expect(await code(() => f.service.moderation.remove(organiser, post))).toBe('timeline.not_found timelineId');
  });

  it('promotes a post with a link mode, link and platforms: it leaves the posts and joins the promoted items', async () => {
    const post = await f.newPost(eventId, attendee.userId, 'great talk');
    await f.service.moderation.promote(organiser, post, { linkMode: 'BUTTON_LINK_ONLY', link: '/stage?session=1', linkText: 'Watch', platforms: ['webApp'] });
    expect(f.frames.map((x) => x.name)).toEqual(['timeline-remove', 'promoted-message-add']);
    expect(f.frames[1]!.data).toMatchObject({ item: { isPromo: '1', LinkMode: 'BUTTON_LINK_ONLY', Promolink: '/stage?session=1', Promolinktext: 'Watch', PlatformDisplayOptions: ['webApp'] } });
  });

  it('lists every item of the event for moderation, newest first with its comments: one on neither platform too, promoted ones marked', async () => {
    const at = (minute: number) => `2026-06-02T09:${String(minute).padStart(2, '0')}:00.000Z`;
    const insert = (message: string, minute: number, platforms: Platform[], inReplyTo: number | null = null) =>
      f.newPost(eventId, attendee.userId, message, inReplyTo, { platforms, at: at(minute) });
    const hidden = await insert('on no platform', 1, []);
    const webOnly = await insert('web app only', 2, ['webApp']);
    const promoted = await insert('to promote', 3, ['digital']);
    await f.service.moderation.promote(organiser, promoted, { linkMode: 'BUTTON_LINK_ONLY', link: '/stage', linkText: 'Go', platforms: ['digital'] });
    const reply = await insert('a reply', 4, [], hidden);
    const list = (await f.service.timeline(organiser, { eventId, version: 1 }, 3)).items;
    expect(list.map((item) => [item.TimelineID, item.isPromo, item.Comments.map((c) => c.TimelineID)]))
      .toEqual([[promoted, '1', []], [webOnly, '0', []], [hidden, '0', [reply]]]);
    expect(list[2]).toMatchObject({ PlatformDisplayOptions: [], Author: { UserID: attendee.userId, Firstname: 'ann', Lastname: 'Test' } });
    await f.service.moderation.remove(organiser, hidden);
    expect((await f.service.timeline(organiser, { eventId, version: 1 }, 3)).items.map((item) => item.TimelineID)).not.toContain(hidden);
  });

  it('pins an announcement among the promoted items', async () => {
    const { timelineId } = await f.service.moderation.pin(organiser, { message: 'Coffee in hall B', linkMode: null, link: null, linkText: null, platforms: ['digital', 'webApp'] });
    expect(f.frames).toEqual([{ eventId, name: 'promoted-message-add', data: expect.objectContaining({ timelineId }) as unknown }]);
  });

  it('pages the activity newest first', async () => {
    // Three entries of its own, whatever ran before it in the file.
    for (const url of ['/api/asset/uploads/1/a.webp', '/api/asset/uploads/1/b.webp', null]) await f.service.stage.setHoldingImage(organiser, url, HOST);
    const first = await f.service.audit.list(organiser, { limit: 2 });
    expect(first.entries).toHaveLength(2);
    const next = await f.service.audit.list(organiser, { limit: 2, before: first.nextBefore! });
    expect(next.entries[0]!.id).toBeLessThan(first.entries[1]!.id);
  });
});
