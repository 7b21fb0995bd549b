import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleSpeaker, ConsoleSpeakerList } from '~/contracts/console-speakers';
import type { SpeakerPage } from '~/contracts/speakers';
import { eventFile, importEvent } from './admin-import';
import { newAttendee, type Attendee } from './attendee-factory';
import { heard as heardOn, imageForm, lastAudit as lastAuditOf, newOrganiser, sender, type Send } from './console-helpers';
import { factories, type Factories } from './factories';
import { call, sharedServer, startServer, type TestServer } from './harness';
import { accessToken, bearer } from './login-helpers';
import { connect, type Client } from './realtime-helpers';
import { sharedNodes } from './shared-nodes';

type EventRef = { id: number; slug: string; host: string };


const ada = { firstName: 'Ada', lastName: 'Lovelace', jobTitle: 'Analyst', company: 'Engines Ltd', description: '<p onclick="x()">First <b>programmer</b><script>alert(1)</script></p>', links: [{ type: 'Web', url: 'https://example.org/ada' }] };

describe('console speakers: organisers of the event only, validated, all or nothing, audited and published', () => {
  let server: TestServer;
  let f: Factories;
  let event: EventRef;
  let other: EventRef;
  let organiser: Attendee;
  let attendee: Attendee;
  let stranger: Attendee;
  let socket: Client;
  let send: Send;
  let keynote: number;
  let sessionSpeaker: number;
  let sessionId: number;

  const list = async () => (await send('/api/console/speakers', organiser.auth)).json<ConsoleSpeakerList>();
  const lastAudit = () => lastAuditOf(send, organiser);
  const heard = (name: string, from: number) => heardOn(socket, name, from);
  const upload = (speakerId: number, bytes: Buffer, who = organiser.auth) => {
    const form = imageForm(bytes);
    return call(server, `/api/console/speakers/${speakerId}/photo`, { method: 'POST', host: event.host, headers: { ...who, ...form.headers }, body: form.body });
  };

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent();
    send = sender(server, event.host);
    other = await f.newEvent();
    organiser = await newOrganiser(f, event.id);
    attendee = await newAttendee(f, event.id);
    stranger = await newOrganiser(f, other.id);
    keynote = await f.newCategory(event.id, { name: 'Keynote', category_type: 2 });
    sessionSpeaker = await f.newSpeaker(event.id, { first_name: 'Grace', last_name: 'Hopper', key: 'grace' });
    sessionId = await f.newSession(event.id, { speakerIds: [sessionSpeaker] });
    socket = await connect(server, event.host, { token: attendee.token });
  });
  afterAll(async () => { socket?.ws.close(); await f?.close(); await server?.stop(); });

  it('refuses every call without a session (401), from an attendee (403 console.forbidden) and from another event\'s organiser (403 auth.wrong_event)', async () => {
    const calls: [string, unknown][] = [
      ['/api/console/speakers', undefined], ['/api/console/speakers', ada], ['/api/console/speakers/order', { ids: [sessionSpeaker] }],
      [`PUT /api/console/speakers/${sessionSpeaker}`, ada], [`DELETE /api/console/speakers/${sessionSpeaker}`, undefined],
    ];
    for (const [path, body] of calls) {
      expect((await send(path, {}, body)).status, path).toBe(401);
      const refused = await send(path, attendee.auth, body);
      expect([refused.status, refused.json<{ error: string }>().error], path).toEqual([403, 'console.forbidden']);
      const foreign = await send(path, stranger.auth, body);
      expect([foreign.status, foreign.json<{ error: string }>().error], path).toEqual([403, 'auth.wrong_event']);
    }
    const photo = await upload(sessionSpeaker, Buffer.from('x'), attendee.auth);
    expect(photo.status).toBe(403);
    expect((await list()).speakers.map((s) => s.firstName)).toEqual(['Grace']);
  });

  it('answers a bad input with 400 naming the field, and leaves the speakers as they were', async () => {
    const cases: [string, unknown, string][] = [
      ['/api/console/speakers', { ...ada, firstName: '  ' }, 'firstName'],
      ['/api/console/speakers', { ...ada, lastName: 'x'.repeat(101) }, 'lastName'],
      ['/api/console/speakers', { ...ada, links: [{ type: 'Web', url: 'javascript:alert(1)' }] }, 'links.0.url'],
      ['/api/console/speakers', { ...ada, categoryIds: [999_999] }, 'categoryIds'],
      ['/api/console/speakers', { ...ada, imageUrl: 'https://evil.example/x.png' }, 'imageUrl'],
      [`PUT /api/console/speakers/${sessionSpeaker}`, { ...ada, categoryIds: [keynote, 999_999] }, 'categoryIds'],
      ['PUT /api/console/speakers/abc', ada, 'speakerId'],
      ['/api/console/speakers/order', { ids: [sessionSpeaker, sessionSpeaker + 1000] }, 'ids'],
    ];
    const before = await list();
    for (const [path, body, field] of cases) {
      const res = await send(path, organiser.auth, body);
      expect([res.status, res.json<{ field?: string }>().field], path).toEqual([400, field]);
    }
    expect(await list()).toEqual(before);
    expect((await send('/api/console/speakers/999999', organiser.auth, ada)).status).toBe(404);
  });

  it('creates a speaker with a key of its own and sanitised bio, audits it and tells open screens', async () => {
    const from = socket.frames.length;
    const res = await send('/api/console/speakers', organiser.auth, { ...ada, categoryIds: [keynote] });
    expect(res.status, res.body).toBe(200);
    const made = res.json<ConsoleSpeaker>();
    expect(made).toMatchObject({ firstName: 'Ada', description: '<p>First <b>programmer</b></p>', categoryIds: [keynote], sessionCount: 0 });
    expect(made.key).toMatch(/^speaker-[0-9a-f]{12}$/);
    await heard('event-change', from);
    expect(await lastAudit()).toMatchObject({ action: 'speaker.create', target: `speaker:${made.id}`, userId: organiser.id });
    const page = (await call(server, `/api/liveEvent/${event.id}/liveGetIframeSpeakerInfo`, { host: event.host })).json<SpeakerPage>();
    expect(page.speakers.map((s) => s.name)).toEqual(['Grace', 'Ada']);
  });

  it('edits and reorders: attendees\' speakers page follows, each change audited', async () => {
    const { speakers } = await list();
    const made = speakers.find((s) => s.firstName === 'Ada')!;
    const edit = await send(`PUT /api/console/speakers/${made.id}`, organiser.auth, { ...ada, firstName: 'Augusta Ada', jobTitle: '' });
    expect(edit.json<ConsoleSpeaker>()).toMatchObject({ firstName: 'Augusta Ada', jobTitle: '', categoryIds: [], key: made.key });
    expect(await lastAudit()).toMatchObject({ action: 'speaker.update', before: expect.objectContaining({ firstName: 'Ada' }) as unknown, after: expect.objectContaining({ firstName: 'Augusta Ada' }) as unknown });
    const from = socket.frames.length;
    const order = await send('/api/console/speakers/order', organiser.auth, { ids: [made.id, sessionSpeaker] });
    expect(order.status, order.body).toBe(200);
    await heard('event-change', from);
    expect(await lastAudit()).toMatchObject({ action: 'speaker.order', after: [made.id, sessionSpeaker] });
    const page = (await call(server, `/api/liveEvent/${event.id}/liveGetIframeSpeakerInfo`, { host: event.host })).json<SpeakerPage>();
    expect(page.speakers.map((s) => s.name)).toEqual(['Augusta Ada', 'Grace']);
  });

  it('refuses a photo that is not an image by its content, and stores one re-encoded with its metadata stripped', async () => {
    const script = Buffer.from('<script>alert(1)</script>');
    const refused = await upload(sessionSpeaker, script);
    expect([refused.status, refused.json<{ field?: string }>().field]).toEqual([400, 'image']);
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c02050' } })
      .png().withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } }).toBuffer();
    const res = await upload(sessionSpeaker, png);
    expect(res.status, res.body).toBe(200);
    const { imageUrl } = res.json<ConsoleSpeaker>();
    expect(imageUrl).toMatch(new RegExp(`^/api/asset/uploads/${event.id}/[0-9a-f]{32}\\.png$`));
    const served = await call(server, imageUrl!, { host: event.host });
    expect(served.status).toBe(200);
    const meta = await sharp(served.bytes).metadata();
    expect([meta.exif, meta.width]).toEqual([undefined, 800]);
    expect(await lastAudit()).toMatchObject({ action: 'speaker.update', after: { imageUrl } });
    const page = (await call(server, `/api/liveEvent/${event.id}/liveGetIframeSpeakerInfo`, { host: event.host })).json<SpeakerPage>();
    expect(page.speakers.find((s) => s.name === 'Grace')?.profileImageUrl).toBe(imageUrl);
  });

  it('deletes a speaker on sessions: off those sessions, audited, the programme told', async () => {
    const from = socket.frames.length;
    const res = await send(`DELETE /api/console/speakers/${sessionSpeaker}`, organiser.auth);
    expect(res.json()).toEqual({ removed: sessionSpeaker, sessionIds: [sessionId] });
    await heard('agenda-change', from);
    expect(await lastAudit()).toMatchObject({ action: 'speaker.delete', target: `speaker:${sessionSpeaker}` });
    const left = await f.db.kysely.selectFrom('session_speakers').select('speaker_id').where('session_id', '=', sessionId).execute();
    expect(left).toEqual([]);
    expect((await list()).speakers.map((s) => s.firstName)).toEqual(['Augusta Ada']);
  });
});

// A change through one node is read on the other at once (PostgreSQL + Redis in CI); the export imports again.
const REDIS_URL = process.env['TEST_REDIS_URL'];
const ADMIN_TOKEN = 'test-admin-token-console-speakers';
const HOST = 'smallconf.localhost';

describe.runIf(REDIS_URL)('console speakers on two nodes', () => {
  const nodes = sharedNodes(REDIS_URL!, { ADMIN_TOKEN }, 'console-speakers');

  it('shows a speaker edited through node A on node B\'s speakers page at once, and the event\'s export imports again', async () => {
    const [a, b] = nodes();
    const file = eventFile('small.event.json');
    const eventId = await importEvent(a, ADMIN_TOKEN, file);
    const names = async (server: TestServer) =>
      (await call(server, `/api/liveEvent/${eventId}/liveGetIframeSpeakerInfo`, { host: HOST })).json<SpeakerPage>().speakers.map((s) => s.name);
    expect(await names(b)).toContain('Grace');
    const token = await accessToken(a, HOST, String(eventId), 'ada@example.org', 'ada-password');
    const sendA = sender(a, HOST);
    const grace = (await sendA('/api/console/speakers', bearer(token))).json<ConsoleSpeakerList>().speakers.find((s) => s.firstName === 'Grace')!;
    expect((await sendA(`PUT /api/console/speakers/${grace.id}`, bearer(token), { firstName: 'Rear Admiral Grace', lastName: grace.lastName, links: grace.links, categoryIds: grace.categoryIds })).status).toBe(200);
    expect((await sendA('/api/console/speakers', bearer(token), { firstName: 'Katherine', lastName: 'Johnson' })).status).toBe(200);
    expect(await names(b)).toEqual(expect.arrayContaining(['Rear Admiral Grace', 'Katherine']));

    const exported = await call(b, '/api/admin/events/smallconf/export', { host: 'localhost', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(exported.status).toBe(200);
    await importEvent(b, ADMIN_TOKEN, exported.json());
    expect(await names(a)).toEqual(expect.arrayContaining(['Rear Admiral Grace', 'Katherine']));
  });
});

describe('console speakers on one node: the export imports again', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startServer({ env: { ADMIN_TOKEN } }); });
  afterAll(async () => { await server?.stop(); });

  it('round-trips a speaker added in the console through the event file', async () => {
    const eventId = await importEvent(server, ADMIN_TOKEN, eventFile('small.event.json'));
    const token = await accessToken(server, HOST, String(eventId), 'ada@example.org', 'ada-password');
    const send = sender(server, HOST);
    const made = (await send('/api/console/speakers', bearer(token), { firstName: 'Katherine', lastName: 'Johnson', description: '<p>Hi</p>' })).json<ConsoleSpeaker>();
    const exported = await call(server, '/api/admin/events/smallconf/export', { host: 'localhost', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    const file = exported.json<{ speakers: { key: string; firstName: string }[] }>();
    expect(file.speakers).toContainEqual(expect.objectContaining({ key: made.key, firstName: 'Katherine' }));
    await importEvent(server, ADMIN_TOKEN, file);
    const after = (await send('/api/console/speakers', bearer(token))).json<ConsoleSpeakerList>().speakers.find((s) => s.key === made.key);
    expect(after?.id).toBe(made.id);
  });
});
