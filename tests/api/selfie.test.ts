import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedSelfie, SelfieOverlay } from '~/contracts/selfie';
import type { TimelineItem } from '~/contracts/timeline';
import { featuresOn, newAttendee, type Attendee } from './attendee-factory';
import { factories, type Factories } from './factories';
import { call, sharedServer, type TestServer } from './harness';
import { pixel, withGps } from './timeline-helpers';

type Ev = { id: number; slug: string; host: string };

/** A browser-like multipart body: the `image` file (when given) and the text fields. */
async function form(fields: Record<string, string>, image?: Buffer, type = 'image/jpeg'): Promise<{ body: Buffer; type: string }> {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (image) data.append('image', new Blob([new Uint8Array(image)], { type }), 'selfie.jpg');
  const request = new Request('http://x/', { method: 'POST', body: data });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

const photo = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer();

describe('selfie: getAllSelfieOverlays and uploadSelfieImage (docs/product.md §7)', () => {
  let server: TestServer;
  let f: Factories;
  let event: Ev;
  let other: Ev;
  let off: Ev;
  let overlayIds: number[];

  const upload = async (ev: Ev, headers: Record<string, string>, fields: Record<string, string>, image?: Buffer, type?: string) => {
    const { body, type: contentType } = await form(fields, image, type);
    return call(server, `/api/liveEvent/${ev.id}/uploadSelfieImage`, { host: ev.host, method: 'POST', headers: { ...headers, 'content-type': contentType }, body });
  };
  const save = (who: Attendee, fields: Record<string, string>, image?: Buffer, type?: string) => upload(event, who.auth, fields, image, type);
  const attendee = () => newAttendee(f, event.id);

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent({ features: featuresOn('stageTabSelfie', 'stageTabTimeline', 'stageFuncTimelinePosting') });
    other = await f.newEvent({ features: featuresOn('stageTabSelfie') });
    off = await f.newEvent({ features: featuresOn('stageTabTimeline', 'stageFuncTimelinePosting') });
    overlayIds = [];
    for (const [position, key] of ['frame', 'aurora'].entries()) {
      const row = await f.db.kysely.insertInto('selfie_overlays').values({ event_id: event.id, key, name: `Overlay ${key}`, image_url: `/demo/selfie/${key}.png`, position })
        .returning('id').executeTakeFirstOrThrow();
      overlayIds.push(Number(row.id));
    }
    await f.db.kysely.insertInto('selfie_overlays').values({ event_id: other.id, key: 'theirs', name: 'Theirs', image_url: '/demo/selfie/aurora.png', position: 0 }).execute();
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  it('lists the event\'s own overlays in order', async () => {
    const a = await attendee();
    const res = await call(server, `/api/liveEvent/${event.id}/getAllSelfieOverlays`, { host: event.host, headers: a.auth });
    expect(res.status).toBe(200);
    expect(res.json<SelfieOverlay[]>()).toEqual([
      { OverlayID: overlayIds[0], Name: 'Overlay frame', ImageUrl: '/demo/selfie/frame.png' },
      { OverlayID: overlayIds[1], Name: 'Overlay aurora', ImageUrl: '/demo/selfie/aurora.png' },
    ]);
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('saves a JPEG re-encoded without metadata, and a PNG', async () => {
    const a = await attendee();
    const res = await save(a, { overlayId: String(overlayIds[0]) }, await withGps());
    expect(res.status).toBe(201);
    const saved = res.json<SavedSelfie>();
    expect(saved).toMatchObject({ TimelineID: null });
    expect(saved.ImageUrl).toMatch(new RegExp(`^/api/asset/uploads/${event.id}/[0-9a-f]{32}\\.jpg$`));
    const stored = readFileSync(join(server.dataDir, saved.ImageUrl.replace('/api/asset/', '')));
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    const served = await call(server, saved.ImageUrl, { host: event.host });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');

    const png = await save(a, {}, await pixel('png').then((p) => sharp(p).resize(32, 32).png().toBuffer()), 'image/png');
    expect(png.status).toBe(201);
    expect(png.json<SavedSelfie>().ImageUrl).toMatch(/\.png$/);
    const rows = await f.db.kysely.selectFrom('selfies').selectAll().where('user_id', '=', a.id).orderBy('id').execute();
    expect(rows.map((r) => [r.overlay_id === null ? null : Number(r.overlay_id), r.image_url])).toEqual([[overlayIds[0], saved.ImageUrl], [null, png.json<SavedSelfie>().ImageUrl]]);
  });

  it('scales a large photo down to 2048 px a side', async () => {
    const a = await attendee();
    const res = await save(a, {}, await photo(3000, 2000));
    expect(res.status).toBe(201);
    const stored = readFileSync(join(server.dataDir, res.json<SavedSelfie>().ImageUrl.replace('/api/asset/', '')));
    expect(await sharp(stored).metadata()).toMatchObject({ width: 2048, height: 1365 });
  });

  it('posts the selfie to the timeline through the timeline\'s own path when asked', async () => {
    const a = await attendee();
    const res = await save(a, { postToTimeline: '1', message: 'Hello from the <selfie> wall', platform: 'digital' }, await photo());
    expect(res.status).toBe(201);
    const { TimelineID } = res.json<SavedSelfie>();
    expect(TimelineID).toEqual(expect.any(Number));
    const feed = (await call(server, `/api/liveEvent/${event.id}/getAllTimelineItems`, { host: event.host, headers: a.auth })).json<TimelineItem[]>();
    const post = feed.find((item) => item.TimelineID === TimelineID)!;
    expect(post).toMatchObject({ Message: 'Hello from the &lt;selfie&gt; wall', Author: { UserID: a.id } });
    expect(post.imageUrls).toHaveLength(1);
    expect(post.imageUrls[0]).toMatch(/\.jpg$/);
  });

  it('refuses to post where posting is off (403, nothing stored), but saves without posting', async () => {
    const a = await attendee();
    const refused = await save(a, { postToTimeline: 'true', platform: 'webApp' }, await photo());
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'timeline.forbidden', field: 'platform' });
    expect(await f.db.kysely.selectFrom('selfies').select('id').where('user_id', '=', a.id).execute()).toEqual([]);
    expect((await save(a, { platform: 'webApp' }, await photo())).status).toBe(201);
  });

  it('answers 400 naming the field for what a client may get wrong', async () => {
    const a = await attendee();
    const cases: [Record<string, string>, Buffer | undefined, string, string][] = [
      [{}, undefined, 'image', 'request.invalid'],
      [{}, Buffer.from('%PDF-1.4 not a picture at all'), 'image', 'selfie.invalid'],
      [{}, Buffer.from('GIF89a' + 'x'.repeat(40)), 'image', 'selfie.invalid'],
      // PNG magic bytes and nothing that decodes.
      [{}, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]), 'image', 'selfie.invalid'],
      [{}, await photo(8, 8), 'image', 'selfie.invalid'],
      [{ postToTimeline: 'maybe' }, await photo(), 'postToTimeline', 'request.invalid'],
      [{ platform: 'fax' }, await photo(), 'platform', 'request.invalid'],
      [{ overlayId: 'abc' }, await photo(), 'overlayId', 'request.invalid'],
    ];
    for (const [fields, image, field, error] of cases) {
      const res = await save(await attendee(), fields, image);
      expect(res.status, JSON.stringify(fields) + field).toBe(400);
      expect(res.json(), res.body).toMatchObject({ error, field });
    }
    // Another event's overlay is no overlay here.
    const theirs = await f.db.kysely.selectFrom('selfie_overlays').select('id').where('event_id', '=', other.id).executeTakeFirstOrThrow();
    const wrong = await save(a, { overlayId: String(theirs.id) }, await photo());
    expect(wrong.status).toBe(404);
    expect(wrong.json()).toMatchObject({ error: 'selfie.not_found', field: 'overlayId' });
  });

  it('refuses an image over 10 MB with 413 naming image', async () => {
    const a = await attendee();
    const res = await save(a, {}, Buffer.concat([await photo(), Buffer.alloc(10 * 1024 * 1024 + 10)]));
    expect(res.status).toBe(413);
    expect(res.json()).toMatchObject({ field: 'image' });
  });

  it('checks the caller: signed out 401, another event in the path or its token 403, the tab off 403', async () => {
    const a = await attendee();
    const signedOut = await upload(event, {}, {}, await photo());
    expect(signedOut.status).toBe(401);
    expect((await call(server, `/api/liveEvent/${event.id}/getAllSelfieOverlays`, { host: event.host })).status).toBe(401);
    // The path names another event than the host's.
    const cross = await call(server, `/api/liveEvent/${other.id}/getAllSelfieOverlays`, { host: event.host, headers: a.auth });
    expect(cross.status).toBe(403);
    // A live token of this event on another event's host: the wrong event, not a logout.
    const foreign = await upload(other, a.auth, {}, await photo());
    expect(foreign.status).toBe(403);
    expect(foreign.json()).toMatchObject({ error: 'auth.wrong_event' });
    const offAttendee = await newAttendee(f, off.id);
    const tabOff = await upload(off, offAttendee.auth, {}, await photo());
    expect(tabOff.status).toBe(403);
    expect(tabOff.json()).toMatchObject({ error: 'selfie.forbidden' });
    expect((await call(server, `/api/liveEvent/${off.id}/getAllSelfieOverlays`, { host: off.host, headers: offAttendee.auth })).status).toBe(403);
  });

  it('refuses a cookie-only upload another site sent', async () => {
    const a = await attendee();
    const res = await upload(event, { cookie: `ep_session=${a.token}`, origin: 'https://evil.example' }, {}, await photo());
    expect(res.status).toBe(403);
    const own = await upload(event, { cookie: `ep_session=${a.token}`, 'sec-fetch-site': 'same-origin' }, {}, await photo());
    expect(own.status).toBe(201);
  });

  it('limits each attendee to 10 uploads in 10 minutes (429 with Retry-After), counting failed ones', async () => {
    const a = await attendee();
    const good = await photo();
    for (let i = 0; i < 9; i++) expect((await save(a, {}, good)).status).toBe(201);
    expect((await save(a, {}, Buffer.from('not an image'))).status).toBe(400);
    const limited = await save(a, {}, good);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else is not held up.
    expect((await save(await attendee(), {}, good)).status).toBe(201);
  });

  it('covers selfies in the personal-data download and removes them with the account', async () => {
    const a = await attendee();
    const saved = (await save(a, {}, await photo())).json<SavedSelfie>();
    const data = (await call(server, `/api/liveEvent/${event.id}/myData`, { host: event.host, headers: a.auth })).json<{ selfies: { id: number; imageUrl: string }[] }>();
    expect(data.selfies).toEqual([expect.objectContaining({ id: saved.SelfieID, imageUrl: saved.ImageUrl })]);
    const file = join(server.dataDir, saved.ImageUrl.replace('/api/asset/', ''));
    expect(existsSync(file)).toBe(true);
    expect((await call(server, `/api/liveEvent/${event.id}/deleteMyAccount`, { host: event.host, method: 'POST', headers: a.auth })).status).toBe(200);
    expect(await f.db.kysely.selectFrom('selfies').select('id').where('user_id', '=', a.id).execute()).toEqual([]);
    expect(existsSync(file)).toBe(false);
  });
});
