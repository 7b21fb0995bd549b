import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimelineComment, TimelineItem } from '~/contracts/timeline';
import { featuresOn, newAttendee, type Attendee } from './attendee-factory';
import { factories, type Factories } from './factories';
import { call, sharedServer, type TestServer } from './harness';
import { connect } from './realtime-helpers';
import { timelineCalls, pixel, withGps } from './timeline-helpers';

const ALL_ON = featuresOn('stageTabTimeline', 'stageFuncTimelinePosting', 'stageFuncTimelineCommenting', 'webAppTimeline');

describe('timeline: the calls of docs/product.md §7 Timeline', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };
  let other: { id: number; slug: string; host: string };
  let api: ReturnType<typeof timelineCalls>;

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent({ features: ALL_ON });
    other = await f.newEvent({ features: ALL_ON });
    api = timelineCalls(server, event);
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  const attendee = () => newAttendee(f, event.id);

  it('posts a message and lists it first, escaped, with its author', async () => {
    const a = await attendee();
    const res = await api.post(a, { message: '  Hello <b>timeline</b> & all  ' });
    expect(res.status).toBe(201);
    const item = res.json<TimelineItem>();
    expect(item).toMatchObject({ Message: 'Hello &lt;b&gt;timeline&lt;/b&gt; &amp; all', Likes: 0, isLiked: false, Comments: [], isPromo: '0' });
    expect(item.Author).toMatchObject({ UserID: a.id, Firstname: 'Test' });
    const page = (await api.get(a, 'getAllTimelineItems')).json<TimelineItem[]>();
    expect(page[0]!.TimelineID).toBe(item.TimelineID);
  });

  it('pages to older posts with the before cursor, 50 by default', async () => {
    const ev = await f.newEvent({ features: ALL_ON });
    const calls = timelineCalls(server, ev);
    const a = await newAttendee(f, ev.id);
    const base = Date.parse('2025-06-02T08:00:00Z');
    for (let i = 0; i < 55; i++) {
      await f.db.kysely.insertInto('timeline_items').values({
        event_id: ev.id, author_id: a.id, message: `post ${i}`, image_urls: '[]', is_promo: false, platforms: '["digital","webApp"]', created_at: new Date(base + i * 1000).toISOString(),
      }).execute();
    }
    // docs/product.md §7 answers the items as an array; the cursor of the next older page is a header.
    const first = await calls.get(a, 'getAllTimelineItems');
    expect(first.json<TimelineItem[]>()).toHaveLength(50);
    expect(first.json<TimelineItem[]>()[0]!.Message).toBe('post 54');
    const nextBefore = first.headers['x-next-before'];
    expect(nextBefore).toBe(String(first.json<TimelineItem[]>()[49]!.TimelineID));
    const second = await calls.get(a, `getAllTimelineItems/20?before=${String(nextBefore)}`);
    expect(second.json<TimelineItem[]>().map((i) => i.Message)).toEqual(['post 4', 'post 3', 'post 2', 'post 1', 'post 0']);
    expect(second.headers['x-next-before']).toBeUndefined();
    const small = (await calls.get(a, 'getAllTimelineItems/3')).json<TimelineItem[]>();
    expect(small.map((i) => i.Message)).toEqual(['post 54', 'post 53', 'post 52']);
    expect((await calls.get(a, 'getAllTimelineItems/0')).status).toBe(400);
    expect((await calls.get(a, 'getAllTimelineItems?before=abc')).json()).toMatchObject({ field: 'before' });
    expect((await calls.get(a, 'getAllTimelineItems?before=999999999')).status).toBe(404);
  });

  it('stores images re-encoded with no EXIF or GPS left', async () => {
    const a = await attendee();
    const jpeg = await withGps();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await api.post(a, { message: 'photo' }, [jpeg, await pixel('png')]);
    expect(res.status).toBe(201);
    const { imageUrls } = res.json<TimelineItem>();
    expect(imageUrls).toHaveLength(2);
    expect(imageUrls[0]).toMatch(/^\/api\/asset\/uploads\/\d+\/[0-9a-f]{32}\.jpg$/);
    const stored = readFileSync(join(server.dataDir, imageUrls[0]!.replace('/api/asset/', '')));
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('GPS'))).toBe(false);
    const served = await call(server, imageUrls[0]!, { host: event.host });
    expect(served.status).toBe(200);
  });

  it('refuses 9 images, a renamed non-image, an oversized image and an empty post', async () => {
    const a = await attendee();
    const png = await pixel('png');
    const nine = await api.post(a, { message: 'x' }, Array.from({ length: 9 }, () => png));
    expect(nine.status).toBe(400);
    expect(nine.json()).toMatchObject({ error: 'timeline.too_many_images', field: 'files' });
    const fake = await api.post(a, { message: 'x' }, [Buffer.from('<script>alert(1)</script>')], 'photo.png');
    expect(fake.status).toBe(400);
    expect(fake.json()).toMatchObject({ error: 'timeline.invalid_image', field: 'files[0]' });
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    const oversized = await api.post(a, { message: 'x' }, [big]);
    expect(oversized.status).toBe(413);
    expect(oversized.json()).toMatchObject({ error: 'timeline.too_large', field: 'files[0]' });
    // The third review: a 1.4 kB WebP of 6000 × 6000 px cost 0.75 s of CPU; eight in one post 4.4 s.
    const bomb = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#c87828' } }).webp({ lossless: true }).toBuffer();
    expect(bomb.length).toBeLessThan(4096);
    const started = process.hrtime.bigint();
    const bombs = await api.post(a, { message: 'x' }, Array.from({ length: 8 }, () => bomb));
    expect(bombs.status).toBe(413);
    expect(bombs.json()).toMatchObject({ error: 'timeline.too_large', field: 'files[0]', maxPixels: 50_000_000 });
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(2000);
    const tooBig = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#c87828' } }).jpeg().toBuffer();
    expect((await api.post(a, { message: 'x' }, [tooBig])).json()).toMatchObject({ error: 'timeline.too_large', field: 'files[0]' });
    const empty = await api.post(a, { message: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'message' });
    const json = await call(server, `/api/liveEvent/${event.id}/addTimelineEntry`, { host: event.host, method: 'POST', headers: { ...a.auth, 'content-type': 'application/json' }, body: '{"message":"hi"}' });
    expect(json.status).toBe(400);
  });

  it('comments newest first, only on posts, and removes own comments', async () => {
    const [a, b] = [await attendee(), await attendee()];
    const post = (await api.post(a, { message: 'post' })).json<TimelineItem>();
    const c1 = await api.comment(b, post.TimelineID, 'first');
    expect(c1.status).toBe(201);
    const c2 = (await api.comment(a, post.TimelineID, 'second')).json<TimelineComment>();
    expect(c2).toMatchObject({ inReplyTo: post.TimelineID, Message: 'second' });
    const listed = (await api.get(a, 'getAllTimelineItems')).json<TimelineItem[]>().find((i) => i.TimelineID === post.TimelineID)!;
    expect(listed.Comments.map((c) => c.Message)).toEqual(['second', 'first']);
    expect(listed.CommentCount).toBe(2);
    expect((await api.comment(a, c2.TimelineID, 'nested')).status).toBe(400);
    expect((await api.comment(a, 999999999, 'nowhere')).status).toBe(404);
    expect((await api.send(b, 'deleteTimelineComment', { timelineId: c2.TimelineID })).status).toBe(403);
    expect((await api.send(a, 'deleteTimelineComment', { timelineId: post.TimelineID })).status).toBe(404);
    expect((await api.send(a, 'deleteTimelineComment', { timelineId: c2.TimelineID })).status).toBe(200);
  });

  it('lets only the author delete a post (403 otherwise), also through api.php, and deletes its images', async () => {
    const [a, b] = [await attendee(), await attendee()];
    const post = (await api.post(a, { message: 'mine' }, [await pixel('png')])).json<TimelineItem>();
    const denied = await api.send(b, 'deleteTimelineEntry', { timelineId: post.TimelineID });
    expect(denied.status).toBe(403);
    expect(denied.json()).toMatchObject({ error: 'timeline.forbidden' });
    const phpPath = (id: number) => `/${event.id}/api.php?&module=timeline&method=deleteEntry&timelineId=${id}&sessionId=x`;
    expect((await call(server, phpPath(post.TimelineID), { host: event.host, method: 'POST', headers: b.auth })).status).toBe(403);
    expect((await call(server, phpPath(post.TimelineID), { host: event.host, method: 'POST' })).status).toBe(401);
    const ok = await call(server, phpPath(post.TimelineID), { host: event.host, method: 'POST', headers: a.auth });
    expect(ok.status).toBe(200);
    expect((await call(server, post.imageUrls[0]!, { host: event.host })).status).toBe(404);
    expect((await api.send(a, 'deleteTimelineEntry', { timelineId: post.TimelineID })).status).toBe(404);
    expect((await api.send(a, 'deleteTimelineEntry', {})).json()).toMatchObject({ field: 'timelineId' });
  });

  it('keeps likes idempotent, one per attendee, and the count exact under concurrent likes', async () => {
    const a = await attendee();
    const post = (await api.post(a, { message: 'like me' })).json<TimelineItem>();
    const likers: Attendee[] = await Promise.all(Array.from({ length: 12 }, () => attendee()));
    const results = await Promise.all(likers.flatMap((who) => [
      api.send(who, 'likeTimelineEntry', { timelineId: post.TimelineID }), api.send(who, 'likeTimelineEntry', { timelineId: post.TimelineID }),
    ]));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const again = (await api.send(likers[0]!, 'likeTimelineEntry', { timelineId: post.TimelineID })).json();
    expect(again).toEqual({ TimelineID: post.TimelineID, Likes: 12, isLiked: true });
    const seen = (await api.get(likers[0]!, 'getAllTimelineItems')).json<TimelineItem[]>().find((i) => i.TimelineID === post.TimelineID)!;
    expect(seen).toMatchObject({ Likes: 12, isLiked: true, LikedBy: [likers[0]!.id] });
    await Promise.all(likers.slice(0, 5).map((who) => api.send(who, 'unlikeTimelineEntry', { timelineId: post.TimelineID })));
    const un = (await api.send(likers[0]!, 'unlikeTimelineEntry', { timelineId: post.TimelineID })).json();
    expect(un).toEqual({ TimelineID: post.TimelineID, Likes: 7, isLiked: false });
    expect((await api.send(a, 'likeTimelineEntry', { timelineId: 'x' })).json()).toMatchObject({ field: 'timelineId' });
  });

  it('publishes each change with the changed item so screens need not refetch', async () => {
    const [a, b] = [await attendee(), await attendee()];
    // The liker's own socket: timeline frames go to members, and only the liker's carry `by`.
    const socket = await connect(server, event.host, { token: b.token });
    const post = (await api.post(a, { message: 'live' })).json<TimelineItem>();
    const named = (name: string) => (fr: { type: string; name?: string; data?: unknown }) => fr.type === 'event' && fr.name === name
      && (fr.data as { timelineId: number }).timelineId !== undefined;
    const added = await socket.next(named('timeline-add'));
    expect(added).toMatchObject({ data: { timelineId: post.TimelineID, item: { Message: 'live', Likes: 0, Author: { UserID: a.id } } } });
    expect(JSON.stringify(added)).not.toContain('isLiked');
    await api.send(b, 'likeTimelineEntry', { timelineId: post.TimelineID });
    const hasBy = (fr: Parameters<ReturnType<typeof named>>[0]) => named('timeline-modified')(fr) && (fr.data as { by?: unknown }).by !== undefined;
    expect(await socket.next(hasBy)).toMatchObject({ data: { item: { Likes: 1 }, by: { userId: b.id, isLiked: true } } });
    const comment = (await api.comment(b, post.TimelineID, 'nice')).json<TimelineComment>();
    expect(await socket.next(named('timeline-add-comment'))).toMatchObject({ data: { timelineId: comment.TimelineID, inReplyTo: post.TimelineID, comment: { Message: 'nice' } } });
    await api.send(b, 'deleteTimelineEntry', { timelineId: comment.TimelineID });
    expect(await socket.next(named('timeline-remove-comment'))).toMatchObject({ data: { timelineId: comment.TimelineID, inReplyTo: post.TimelineID } });
    await api.send(a, 'deleteTimelineEntry', { timelineId: post.TimelineID });
    expect(await socket.next(named('timeline-remove'))).toMatchObject({ data: { timelineId: post.TimelineID } });
    socket.ws.close();
  });

  it('lists promoted items apart, by platform, and publishes their likes as promoted-message-modified', async () => {
    const a = await attendee();
    const insert = (message: string, platforms: string) => f.db.kysely.insertInto('timeline_items').values({
      event_id: event.id, author_id: null, message, image_urls: '[]', is_promo: true, link_mode: 'BUTTON_LINK_ONLY', promo_link: 'https://example.org',
      promo_link_text: 'Go', platforms, created_at: new Date().toISOString(),
    }).returning('id').executeTakeFirstOrThrow();
    const both = Number((await insert('for all', '["digital","webApp"]')).id);
    await insert('web app only', '["webApp"]');
    const digital = (await api.get(a, 'getPromotedTimelineItems')).json<TimelineItem[]>();
    expect(digital.map((i) => i.Message)).toEqual(['for all']);
    expect(digital[0]).toMatchObject({ isPromo: '1', LinkMode: 'BUTTON_LINK_ONLY', Promolink: 'https://example.org', Promolinktext: 'Go', Author: null });
    const web = (await api.get(a, 'getPromotedTimelineItems?platform=webApp')).json<TimelineItem[]>();
    expect(web.map((i) => i.Message)).toEqual(['web app only', 'for all']);
    expect((await api.get(a, 'getAllTimelineItems')).json<TimelineItem[]>().some((i) => i.isPromo === '1')).toBe(false);
    const socket = await connect(server, event.host, { token: a.token });
    await api.send(a, 'likeTimelineEntry', { timelineId: both });
    expect(await socket.next((fr) => fr.type === 'event' && fr.name === 'promoted-message-modified')).toMatchObject({ data: { timelineId: both, item: { Likes: 1 } } });
    socket.ws.close();
  });

  it('obeys the per-platform flags for reading, posting and commenting', async () => {
    const ev = await f.newEvent({ features: featuresOn('stageTabTimeline', 'webAppTimeline', 'webAppTimelinePosting') });
    const calls = timelineCalls(server, ev);
    const a = await newAttendee(f, ev.id);
    const denied = await calls.post(a, { message: 'stage post' });
    expect(denied.status).toBe(403);
    expect(denied.json()).toMatchObject({ error: 'timeline.forbidden', field: 'platform' });
    const web = await calls.post(a, { message: 'web app post', platform: 'webApp' });
    expect(web.status).toBe(201);
    const id = web.json<TimelineItem>().TimelineID;
    expect((await calls.comment(a, id, 'c', 'webApp')).status).toBe(403);
    expect((await calls.comment(a, id, 'c')).status).toBe(403);
    expect((await calls.post(a, { message: 'x', platform: 'paper' })).json()).toMatchObject({ field: 'platform' });
    const off = await f.newEvent({ features: '{}' });
    const offCalls = timelineCalls(server, off);
    const b = await newAttendee(f, off.id);
    expect((await offCalls.get(b, 'getAllTimelineItems')).status).toBe(403);
    expect((await offCalls.get(b, 'getPromotedTimelineItems')).status).toBe(403);
  });

  it("refuses another event's token, another event's path and another event's item", async () => {
    const stranger = await newAttendee(f, other.id);
    expect((await api.get(stranger, 'getAllTimelineItems')).status).toBe(403);
    expect((await api.post(stranger, { message: 'intruder' })).status).toBe(403);
    const a = await attendee();
    const wrongPath = await call(server, `/api/liveEvent/${other.id}/getAllTimelineItems`, { host: event.host, headers: a.auth });
    expect(wrongPath.status).toBe(403);
    const theirs = (await timelineCalls(server, other).post(stranger, { message: 'theirs' })).json<TimelineItem>();
    expect((await api.send(a, 'likeTimelineEntry', { timelineId: theirs.TimelineID })).status).toBe(404);
    expect((await api.comment(a, theirs.TimelineID, 'hi')).status).toBe(404);
    expect((await api.send(a, 'deleteTimelineEntry', { timelineId: theirs.TimelineID })).status).toBe(404);
    expect((await api.get({ ...a, auth: {} }, 'getAllTimelineItems')).status).toBe(401);
  });

  it('limits how fast one attendee posts (429 with Retry-After)', async () => {
    const a = await attendee();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await api.post(a, { message: `spam ${i}` })).status);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('never answers 500 to malformed bodies', async () => {
    const a = await attendee();
    const bodies = [
      { type: 'multipart/form-data; boundary=zzz', body: '--zzz\r\nbroken' },
      { type: 'text/plain', body: 'hello' },
      { type: 'application/x-www-form-urlencoded', body: 'message=%E0%A4%A' },
    ];
    for (const { type, body } of bodies) {
      const res = await call(server, `/api/liveEvent/${event.id}/addTimelineEntry`, { host: event.host, method: 'POST', headers: { ...a.auth, 'content-type': type }, body });
      expect(res.status).toBeLessThan(500);
    }
    const like = await call(server, `/api/liveEvent/${event.id}/likeTimelineEntry`, { host: event.host, method: 'POST', headers: { ...a.auth, 'content-type': 'application/json' }, body: '[' });
    expect(like.status).toBe(400);
  });
});
