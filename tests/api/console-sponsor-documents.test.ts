import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDocument } from '~/contracts/content';
import type { ConsoleSponsor } from '~/contracts/console-sponsors';
import { eventFile, importEvent } from './admin-import';
import { featuresOn, newAttendee, type Attendee } from './attendee-factory';
import { fileForm, heard as heardOn, lastAudit as lastAuditOf, newOrganiser, PDF, sender, type Send } from './console-helpers';
import { factories, type Factories } from './factories';
import { call, sharedServer, type TestServer } from './harness';
import { accessToken, bearer } from './login-helpers';
import { connect, type Client } from './realtime-helpers';
import { sharedNodes } from './shared-nodes';

type EventRef = { id: number; slug: string; host: string };

describe('console sponsor documents: organisers of the event only, the documents upload rules, audited, and the attendee\'s sponsor page follows', () => {
  let server: TestServer;
  let f: Factories;
  let event: EventRef;
  let organiser: Attendee;
  let attendee: Attendee;
  let stranger: Attendee;
  let socket: Client;
  let send: Send;
  let sponsor: ConsoleSponsor;

  const base = () => `/api/console/sponsors/${sponsor.id}/documents`;
  const lastAudit = () => lastAuditOf(send, organiser);
  const upload = (path: string, form: { headers: Record<string, string>; body: Buffer }, who = organiser.auth) =>
    call(server, path, { method: 'POST', host: event.host, headers: { ...who, ...form.headers }, body: form.body });
  /** The documents tab of the attendee's sponsor page, as the page reads it (a kept answer until a data change drops it). */
  const attendeeDocuments = async () =>
    (await call(server, `/api/liveEvent/${event.id}/sponsors/${sponsor.id}/documents?platform=digital`, { host: event.host, headers: attendee.auth })).json<EventDocument[]>();
  const consoleSponsor = async () =>
    (await send('/api/console/sponsors', organiser.auth)).json<{ sponsors: ConsoleSponsor[] }>().sponsors.find((s) => s.id === sponsor.id)!;

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent({ features: featuresOn('stageTabSponsors', 'sponsorDocumentsTab') });
    send = sender(server, event.host);
    const other = await f.newEvent({ features: featuresOn('stageTabSponsors', 'sponsorDocumentsTab') });
    organiser = await newOrganiser(f, event.id);
    attendee = await newAttendee(f, event.id);
    stranger = await newOrganiser(f, other.id);
    socket = await connect(server, event.host, { token: attendee.token });
    sponsor = (await send('/api/console/sponsors', organiser.auth, { name: 'Acme' })).json<ConsoleSponsor>();
  });
  afterAll(async () => { socket?.ws.close(); await f?.close(); await server?.stop(); });

  it('refuses every call without a session (401), from an attendee (403 console.forbidden) and from another event\'s organiser (403 auth.wrong_event)', async () => {
    const calls: [string, unknown][] = [[`${base()}/order`, { ids: [] }], [`${base()}/1`, { name: 'x' }], [`${base()}/1/delete`, {}]];
    for (const [path, body] of calls) {
      expect((await send(path, {}, body)).status, path).toBe(401);
      const refused = await send(path, attendee.auth, body);
      expect([refused.status, refused.json<{ error: string }>().error], path).toEqual([403, 'console.forbidden']);
      const foreign = await send(path, stranger.auth, body);
      expect([foreign.status, foreign.json<{ error: string }>().error], path).toEqual([403, 'auth.wrong_event']);
    }
    for (const path of [base(), `${base()}/1/file`]) {
      expect((await upload(path, fileForm(PDF, 'a.pdf'), {})).status, path).toBe(401);
      const refused = await upload(path, fileForm(PDF, 'a.pdf'), attendee.auth);
      expect([refused.status, refused.json<{ error: string }>().error], path).toEqual([403, 'console.forbidden']);
      const foreign = await upload(path, fileForm(PDF, 'a.pdf'), stranger.auth);
      expect([foreign.status, foreign.json<{ error: string }>().error], path).toEqual([403, 'auth.wrong_event']);
    }
    expect((await consoleSponsor()).documents).toEqual([]);
  });

  it('refuses a file that is no document, a name too long and an unknown sponsor or document, naming the field; nothing is stored', async () => {
    const script = await upload(base(), fileForm(Buffer.from('<script>alert(1)</script>'), 'evil.pdf'));
    expect([script.status, script.json<{ field?: string }>().field]).toEqual([400, 'file']);
    const empty = await upload(base(), fileForm(Buffer.alloc(0), 'empty.pdf'));
    expect([empty.status, empty.json<{ field?: string }>().field]).toEqual([400, 'file']);
    const long = await upload(base(), fileForm(PDF, 'a.pdf', [['name', 'x'.repeat(201)]]));
    expect([long.status, long.json<{ field?: string }>().field]).toEqual([400, 'name']);
    const rename = await send(`${base()}/1`, organiser.auth, { name: '' });
    expect([rename.status, rename.json<{ field?: string }>().field]).toEqual([400, 'name']);
    const order = await send(`${base()}/order`, organiser.auth, { ids: [999_999] });
    expect([order.status, order.json<{ field?: string }>().field]).toEqual([400, 'ids']);
    expect((await upload('/api/console/sponsors/999999/documents', fileForm(PDF, 'a.pdf'))).status).toBe(404);
    expect((await send(`${base()}/999999/delete`, organiser.auth, {})).status).toBe(404);
    expect((await consoleSponsor()).documents).toEqual([]);
  });

  it('uploads a PDF, audits it, and the attendee\'s kept sponsor page lists it at once; rename, order, replace and delete follow there too', async () => {
    expect(await attendeeDocuments(), 'read (and kept) before the upload').toEqual([]);
    const from = socket.frames.length;
    const res = await upload(base(), fileForm(PDF, 'Product sheet.pdf'));
    expect(res.status).toBe(200);
    const sheet = res.json<ConsoleSponsor>().documents[0]!;
    expect(sheet).toMatchObject({ name: 'Product sheet', docType: 'pdf' });
    expect(sheet.fileUrl).toMatch(/^\/api\/asset\//);
    await heardOn(socket, 'event-change', from);
    expect(await lastAudit()).toMatchObject({ action: 'sponsor.document.create', target: `sponsor:${sponsor.id}`, after: { id: sheet.id, name: 'Product sheet' } });
    expect((await attendeeDocuments()).map((d) => d.Name)).toEqual(['Product sheet']);
    expect((await call(server, sheet.fileUrl, { host: event.host })).status).toBe(200);

    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).png().toBuffer();
    const map = (await upload(base(), fileForm(png, 'stand.png', [['name', 'Stand map']]))).json<ConsoleSponsor>().documents[0]!;
    expect(map).toMatchObject({ name: 'Stand map', docType: 'image' });
    expect((await attendeeDocuments()).map((d) => d.Name), 'newest first').toEqual(['Stand map', 'Product sheet']);

    const ordered = await send(`${base()}/order`, organiser.auth, { ids: [sheet.id, map.id] });
    expect(ordered.json<ConsoleSponsor>().documents.map((d) => d.id)).toEqual([sheet.id, map.id]);
    expect(await lastAudit()).toMatchObject({ action: 'sponsor.document.order', before: [map.id, sheet.id], after: [sheet.id, map.id] });
    expect((await attendeeDocuments()).map((d) => d.Name)).toEqual(['Product sheet', 'Stand map']);

    const renamed = await send(`${base()}/${sheet.id}`, organiser.auth, { name: 'Price list 2026' });
    expect(renamed.json<ConsoleSponsor>().documents[0]).toMatchObject({ id: sheet.id, name: 'Price list 2026', fileUrl: sheet.fileUrl });
    expect(await lastAudit()).toMatchObject({ action: 'sponsor.document.update', before: { name: 'Product sheet' }, after: { name: 'Price list 2026' } });
    expect((await attendeeDocuments())[0]?.Name).toBe('Price list 2026');

    const replaced = (await upload(`${base()}/${map.id}/file`, fileForm(PDF, 'stand.pdf'))).json<ConsoleSponsor>().documents[1]!;
    expect(replaced).toMatchObject({ id: map.id, name: 'Stand map', docType: 'pdf' });
    expect(replaced.fileUrl).not.toBe(map.fileUrl);
    expect(await lastAudit()).toMatchObject({ action: 'sponsor.document.update', before: { fileUrl: map.fileUrl }, after: { fileUrl: replaced.fileUrl } });
    expect((await call(server, map.fileUrl, { host: event.host })).status, 'the replaced upload is removed').toBe(404);

    const removed = await send(`${base()}/${map.id}/delete`, organiser.auth, {});
    expect(removed.json<ConsoleSponsor>().documents.map((d) => d.id)).toEqual([sheet.id]);
    expect(await lastAudit()).toMatchObject({ action: 'sponsor.document.delete', target: `sponsor:${sponsor.id}`, before: { id: map.id } });
    expect((await attendeeDocuments()).map((d) => d.Name)).toEqual(['Price list 2026']);
    expect((await call(server, replaced.fileUrl, { host: event.host })).status).toBe(404);
  });

  it('keeps each sponsor\'s documents its own: another sponsor\'s document is not found through this one, nor listed among the event\'s documents', async () => {
    const other = (await send('/api/console/sponsors', organiser.auth, { name: 'Globex' })).json<ConsoleSponsor>();
    const own = (await consoleSponsor()).documents[0]!;
    const wrong = await send(`/api/console/sponsors/${other.id}/documents/${own.id}`, organiser.auth, { name: 'Taken' });
    expect([wrong.status, wrong.json<{ field?: string }>().field]).toEqual([404, 'documentId']);
    expect((await send('/api/console/content', organiser.auth)).json<{ documents: unknown[] }>().documents).toEqual([]);
    expect((await consoleSponsor()).documents[0]?.name).toBe('Price list 2026');
  });
});

// A change through one node is read on the other at once (PostgreSQL + Redis in CI).
const REDIS_URL = process.env['TEST_REDIS_URL'];
const ADMIN_TOKEN = 'test-admin-token-console-sponsor-documents';
const HOST = 'smallconf.localhost';

describe.runIf(REDIS_URL)('console sponsor documents on two nodes', () => {
  const nodes = sharedNodes(REDIS_URL!, { ADMIN_TOKEN }, 'console-sponsor-documents');

  it('lists a document uploaded through node A on node B\'s kept sponsor page at once', async () => {
    const [a, b] = nodes();
    const file = eventFile('small.event.json');
    file['features'] = { ...file['features'], stageTabSponsors: true, sponsorDocumentsTab: true };
    const eventId = await importEvent(a, ADMIN_TOKEN, file);
    const token = await accessToken(a, HOST, String(eventId), 'ada@example.org', 'ada-password');
    const acme = (await sender(a, HOST)('/api/console/sponsors', bearer(token))).json<{ sponsors: ConsoleSponsor[] }>().sponsors.find((s) => s.name === 'Acme')!;
    const names = async (server: TestServer) => (await call(server, `/api/liveEvent/${eventId}/sponsors/${acme.id}/documents?platform=digital`, { host: HOST, headers: bearer(token) }))
      .json<EventDocument[]>().map((d) => d.Name);
    expect(await names(b)).toEqual(['Brochure']);
    const form = fileForm(PDF, 'Price list.pdf');
    const res = await call(a, `/api/console/sponsors/${acme.id}/documents`, { method: 'POST', host: HOST, headers: { ...bearer(token), ...form.headers }, body: form.body });
    expect(res.status, res.body).toBe(200);
    expect(await names(b)).toEqual(['Price list', 'Brochure']);
  });
});
