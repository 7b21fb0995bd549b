import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDocument, InfoPage, InfoPageSummary } from '~/contracts/content';
import type { ConsoleContent, ConsoleDocument, ConsoleInfoPage } from '~/contracts/console-content';
import { eventFile, importEvent } from './admin-import';
import { featuresOn, newAttendee, type Attendee } from './attendee-factory';
import { fileForm, heard as heardOn, lastAudit as lastAuditOf, newOrganiser, PDF, sender, type Send } from './console-helpers';
import { factories, type Factories } from './factories';
import { call, sharedServer, type TestServer } from './harness';
import { accessToken, bearer } from './login-helpers';
import { connect, type Client } from './realtime-helpers';
import { sharedNodes } from './shared-nodes';

type EventRef = { id: number; slug: string; host: string };

const welcome = { heading: 'Welcome', body: '<p onclick="x()">Hello {{Firstname}}, your ticket: {{TicketType}}</p><script>alert(1)</script>', category: 'Practical', platforms: ['digital', 'webApp'] };

describe('console content: information pages and documents, organisers of the event only, validated, audited and published', () => {
  let server: TestServer;
  let f: Factories;
  let event: EventRef;
  let organiser: Attendee;
  let attendee: Attendee;
  let stranger: Attendee;
  let socket: Client;
  let send: Send;

  const list = async () => (await send('/api/console/content', organiser.auth)).json<ConsoleContent>();
  const lastAudit = () => lastAuditOf(send, organiser);
  const heard = (name: string, from: number) => heardOn(socket, name, from);
  const attendeeGet = <T>(path: string) => call(server, `/api/liveEvent/${event.id}/${path}`, { host: event.host, headers: attendee.auth }).then((r) => r.json<T>());
  const upload = (path: string, form: { headers: Record<string, string>; body: Buffer }, who = organiser.auth) =>
    call(server, path, { method: 'POST', host: event.host, headers: { ...who, ...form.headers }, body: form.body });

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    const shown = featuresOn('stageTabInfoPages', 'webAppNavigationInfoPages', 'stageTabDocuments', 'webAppNavigationDocuments');
    event = await f.newEvent({ features: shown });
    send = sender(server, event.host);
    const other = await f.newEvent({ features: shown });
    organiser = await newOrganiser(f, event.id);
    attendee = await newAttendee(f, event.id);
    await f.db.kysely.updateTable('users').set({ calculated_fields: JSON.stringify({ Firstname: 'Mia', TicketType: 'Day & night' }) }).where('id', '=', attendee.id).execute();
    stranger = await newOrganiser(f, other.id);
    socket = await connect(server, event.host, { token: attendee.token });
  });
  afterAll(async () => { socket?.ws.close(); await f?.close(); await server?.stop(); });

  it('refuses every call without a session (401), from an attendee (403 console.forbidden) and from another event\'s organiser (403 auth.wrong_event)', async () => {
    const calls: [string, unknown][] = [
      ['/api/console/content', undefined], ['/api/console/content/pages', welcome], ['/api/console/content/pages/order', { ids: [] }],
      ['/api/console/content/pages/1', welcome], ['/api/console/content/pages/1/delete', {}],
      ['/api/console/content/documents/order', { ids: [] }], ['/api/console/content/documents/1', { name: 'x', platforms: ['digital'] }],
      ['/api/console/content/documents/1/delete', {}],
    ];
    for (const [path, body] of calls) {
      expect((await send(path, {}, body)).status, path).toBe(401);
      const refused = await send(path, attendee.auth, body);
      expect([refused.status, refused.json<{ error: string }>().error], path).toEqual([403, 'console.forbidden']);
      const foreign = await send(path, stranger.auth, body);
      expect([foreign.status, foreign.json<{ error: string }>().error], path).toEqual([403, 'auth.wrong_event']);
    }
    for (const path of ['/api/console/content/documents', '/api/console/content/documents/1/file']) {
      expect((await upload(path, fileForm(PDF, 'a.pdf', [['platforms', 'digital']]), attendee.auth)).status, path).toBe(403);
      expect((await upload(path, fileForm(PDF, 'a.pdf', [['platforms', 'digital']]), stranger.auth)).status, path).toBe(403);
    }
    expect(await list()).toMatchObject({ pages: [], documents: [] });
  });

  it('answers a bad input with 400 naming the field, and saves nothing', async () => {
    const cases: [string, unknown, string][] = [
      ['/api/console/content/pages', { ...welcome, heading: '  ' }, 'heading'],
      ['/api/console/content/pages', { ...welcome, heading: 'x'.repeat(201) }, 'heading'],
      ['/api/console/content/pages', { ...welcome, body: 7 }, 'body'],
      ['/api/console/content/pages', { ...welcome, platforms: [] }, 'platforms'],
      ['/api/console/content/pages', { ...welcome, platforms: ['paper'] }, 'platforms.0'],
      ['/api/console/content/pages/abc', welcome, 'pageId'],
      ['/api/console/content/pages/order', { ids: [999_999] }, 'ids'],
      ['/api/console/content/documents/order', { ids: [999_999] }, 'ids'],
      ['/api/console/content/documents/1', { name: '', platforms: ['digital'] }, 'name'],
    ];
    for (const [path, body, field] of cases) {
      const res = await send(path, organiser.auth, body);
      expect([res.status, res.json<{ field?: string }>().field], path).toEqual([400, field]);
    }
    const script = await upload('/api/console/content/documents', fileForm(Buffer.from('<script>alert(1)</script>'), 'evil.pdf', [['platforms', 'digital']]));
    expect([script.status, script.json<{ field?: string }>().field]).toEqual([400, 'file']);
    const noPlatform = await upload('/api/console/content/documents', fileForm(PDF, 'a.pdf'));
    expect([noPlatform.status, noPlatform.json<{ field?: string }>().field]).toEqual([400, 'platforms']);
    expect((await send('/api/console/content/pages/999999', organiser.auth, welcome)).status).toBe(404);
    expect((await send('/api/console/content/documents/999999/delete', organiser.auth, {})).status).toBe(404);
    expect(await list()).toMatchObject({ pages: [], documents: [] });
  });

  it('creates a page with its text sanitised, audits it, tells open screens and the attendee reads it personalised', async () => {
    const from = socket.frames.length;
    const res = await send('/api/console/content/pages', organiser.auth, welcome);
    expect(res.status, res.body).toBe(200);
    const made = res.json<ConsoleInfoPage>();
    expect(made).toMatchObject({ heading: 'Welcome', body: '<p>Hello {{Firstname}}, your ticket: {{TicketType}}</p>', category: 'Practical' });
    expect(made.key).toMatch(/^page-[0-9a-f]{12}$/);
    await heard('info-page-change', from);
    expect(await lastAudit()).toMatchObject({ action: 'page.create', target: `page:${made.id}`, userId: organiser.id });
    const page = await attendeeGet<InfoPage>(`getPage/${made.id}`);
    expect(page.Tekst).toBe('<p>Hello Mia, your ticket: Day &amp; night</p>');
    expect((await list()).fields).toEqual(['Firstname', 'TicketType']);
  });

  it('edits, orders and hides a page from a platform: the attendees\' kept list follows at once', async () => {
    const second = (await send('/api/console/content/pages', organiser.auth, { heading: 'Map', body: '<p>Hall A</p>', platforms: ['digital'] })).json<ConsoleInfoPage>();
    const first = (await list()).pages[0]!;
    expect((await attendeeGet<InfoPageSummary[]>('getInfoPages?platform=digital')).map((p) => p.Heading)).toEqual(['Welcome', 'Map']);
    const order = await send('/api/console/content/pages/order', organiser.auth, { ids: [second.id, first.id] });
    expect(order.json<ConsoleContent>().pages.map((p) => p.heading)).toEqual(['Map', 'Welcome']);
    expect(await lastAudit()).toMatchObject({ action: 'page.order', after: [second.id, first.id] });
    expect((await attendeeGet<InfoPageSummary[]>('getInfoPages?platform=digital')).map((p) => p.Heading)).toEqual(['Map', 'Welcome']);
    const edit = await send(`/api/console/content/pages/${first.id}`, organiser.auth, { ...welcome, heading: 'Welcome, all', platforms: ['webApp'] });
    expect(edit.json<ConsoleInfoPage>()).toMatchObject({ heading: 'Welcome, all', platforms: ['webApp'], key: first.key });
    expect(await lastAudit()).toMatchObject({ action: 'page.update', before: expect.objectContaining({ heading: 'Welcome' }) as unknown });
    expect((await attendeeGet<InfoPageSummary[]>('getInfoPages?platform=digital')).map((p) => p.Heading)).toEqual(['Map']);
    expect((await attendeeGet<InfoPageSummary[]>('getInfoPages?platform=webApp')).map((p) => p.Heading)).toEqual(['Welcome, all']);
    const from = socket.frames.length;
    expect((await send(`/api/console/content/pages/${second.id}/delete`, organiser.auth, {})).json()).toEqual({ removed: second.id });
    await heard('info-page-change', from);
    expect(await lastAudit()).toMatchObject({ action: 'page.delete', target: `page:${second.id}` });
    expect(await attendeeGet<InfoPageSummary[]>('getInfoPages?platform=digital')).toEqual([]);
  });

  it('uploads a PDF and a picture (re-encoded, metadata gone), renames, orders, replaces and deletes them; the attendees\' list follows', async () => {
    const from = socket.frames.length;
    const pdf = await upload('/api/console/content/documents', fileForm(PDF, 'Programme 2026.pdf', [['platforms', 'digital'], ['platforms', 'webApp']]));
    expect(pdf.status, pdf.body).toBe(200);
    const programme = pdf.json<ConsoleDocument>();
    expect(programme).toMatchObject({ name: 'Programme 2026', docType: 'pdf', platforms: ['digital', 'webApp'] });
    expect(programme.fileUrl).toMatch(new RegExp(`^/api/asset/uploads/${event.id}/[0-9a-f]{32}\\.pdf$`));
    await heard('document-change', from);
    expect(await lastAudit()).toMatchObject({ action: 'document.create', target: `document:${programme.id}` });
    const served = await call(server, programme.fileUrl, { host: event.host });
    expect([served.status, served.headers['content-type']]).toEqual([200, 'application/pdf']);

    const png = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#205080' } })
      .png().withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } }).toBuffer();
    const map = (await upload('/api/console/content/documents', fileForm(png, 'map.png', [['name', 'Venue map'], ['platforms', 'digital']]))).json<ConsoleDocument>();
    expect(map).toMatchObject({ name: 'Venue map', docType: 'image' });
    const meta = await sharp((await call(server, map.fileUrl, { host: event.host })).bytes).metadata();
    expect([meta.exif, meta.width]).toEqual([undefined, 2400]);
    const names = async () => (await attendeeGet<EventDocument[]>('getAllDocuments?platform=digital')).map((d) => d.Name);
    expect(await names()).toEqual(['Venue map', 'Programme 2026']);

    await send('/api/console/content/documents/order', organiser.auth, { ids: [programme.id, map.id] });
    expect(await lastAudit()).toMatchObject({ action: 'document.order', after: [programme.id, map.id] });
    const renamed = await send(`/api/console/content/documents/${programme.id}`, organiser.auth, { name: 'Full programme', platforms: ['webApp'] });
    expect(renamed.json<ConsoleDocument>()).toMatchObject({ name: 'Full programme', fileUrl: programme.fileUrl });
    expect(await names()).toEqual(['Venue map']);

    const replaced = (await upload(`/api/console/content/documents/${map.id}/file`, fileForm(PDF, 'map.pdf'))).json<ConsoleDocument>();
    expect(replaced).toMatchObject({ id: map.id, name: 'Venue map', docType: 'pdf' });
    expect(await lastAudit()).toMatchObject({ action: 'document.update', before: { fileUrl: map.fileUrl }, after: { fileUrl: replaced.fileUrl } });
    expect((await call(server, map.fileUrl, { host: event.host })).status).toBe(404);

    expect((await send(`/api/console/content/documents/${map.id}/delete`, organiser.auth, {})).json()).toEqual({ removed: map.id });
    expect(await lastAudit()).toMatchObject({ action: 'document.delete', target: `document:${map.id}` });
    expect((await call(server, replaced.fileUrl, { host: event.host })).status).toBe(404);
    expect(await names()).toEqual([]);
    expect((await list()).documents.map((d) => d.name)).toEqual(['Full programme']);
  });
});

// A change through one node is read on the other at once (PostgreSQL + Redis in CI).
const REDIS_URL = process.env['TEST_REDIS_URL'];
const ADMIN_TOKEN = 'test-admin-token-console-content';
const HOST = 'smallconf.localhost';

describe.runIf(REDIS_URL)('console content on two nodes', () => {
  const nodes = sharedNodes(REDIS_URL!, { ADMIN_TOKEN }, 'console-content');

  it('shows an information page added through node A in node B\'s kept getInfoPages at once', async () => {
    const [a, b] = nodes();
    const file = eventFile('small.event.json');
    file['features'] = { ...file['features'], stageTabInfoPages: true };
    const eventId = await importEvent(a, ADMIN_TOKEN, file);
    const token = await accessToken(a, HOST, String(eventId), 'ada@example.org', 'ada-password');
    const headings = async (server: TestServer) => (await call(server, `/api/liveEvent/${eventId}/getInfoPages`, { host: HOST, headers: bearer(token) }))
      .json<InfoPageSummary[]>().map((p) => p.Heading);
    expect(await headings(b)).toEqual(['FAQ']);
    const res = await sender(a, HOST)('/api/console/content/pages', bearer(token), { heading: 'Parking', body: '<p>Level -2</p>', platforms: ['digital'] });
    expect(res.status, res.body).toBe(200);
    expect(await headings(b)).toEqual(['FAQ', 'Parking']);
  });
});
