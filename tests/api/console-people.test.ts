import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsolePeoplePage, ConsolePerson, ImportPreview, ImportProgressLine, ImportRowError } from '~/contracts/console-people';
import { eventFile, importEvent } from './admin-import';
import { newAttendee, type Attendee } from './attendee-factory';
import { heard as heardOn, lastAudit as lastAuditOf, newOrganiser, sender, type Send } from './console-helpers';
import { factories, type Factories } from './factories';
import { call, sharedServer, type TestServer } from './harness';
import { accessToken, bearer, emlText, form, outboxWith } from './login-helpers';
import { connect, type Client } from './realtime-helpers';
import { sharedNodes } from './shared-nodes';

type EventRef = { id: number; slug: string; host: string };

/** A CSV of `count` attendees `first..first+count-1`, separated by `sep`, with `bad` rows broken as given. */
function csvOf(count: number, { sep = ',', bad = new Map<number, string[]>(), prefix = 'guest', bom = false } = {}): string {
  const lines = [['email', 'firstName', 'lastName', 'company', 'jobTitle', 'phone'].join(sep)];
  for (let i = 0; i < count; i += 1) lines.push((bad.get(i) ?? [`${prefix}${i}@Example.org`, `Guest ${i}`, `Tester`, `"Firma ${i}, AS"`, 'Analyst', '+47 900 00 000']).join(sep));
  return `${bom ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`;
}

/** The import's answer: its status, and its JSON lines (progress, done or error) when it streamed. */
function linesOf(body: string): ImportProgressLine[] {
  return body.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as ImportProgressLine);
}

describe('console people: organisers of the event only, validated, all or nothing, audited and published', () => {
  let server: TestServer;
  let f: Factories;
  let event: EventRef;
  let other: EventRef;
  let organiser: Attendee;
  let attendee: Attendee;
  let stranger: Attendee;
  let socket: Client;
  let send: Send;

  const list = async (query = '') => (await send(`/api/console/people${query}`, organiser.auth)).json<ConsolePeoplePage>();
  const lastAudit = () => lastAuditOf(send, organiser);
  const userCount = async () => Number((await f.db.kysely.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('event_id', '=', event.id).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent();
    send = sender(server, event.host);
    other = await f.newEvent();
    organiser = await newOrganiser(f, event.id);
    attendee = await newAttendee(f, event.id);
    stranger = await newOrganiser(f, other.id);
    socket = await connect(server, event.host, { token: attendee.token });
  });
  afterAll(async () => { socket?.ws.close(); await f?.close(); await server?.stop(); });

  it('refuses every call without a session (401), from an attendee (403 console.forbidden) and from another event\'s organiser (403 auth.wrong_event)', async () => {
    const id = attendee.id;
    const calls: [string, unknown][] = [
      ['/api/console/people', undefined], ['/api/console/people', { firstName: 'A', lastName: 'B', email: 'a@b.no' }],
      [`/api/console/people/${id}`, undefined], [`/api/console/people/${id}`, { firstName: 'A', lastName: 'B', email: 'a@b.no' }],
      [`/api/console/people/${id}/hidden`, { hidden: true }], [`/api/console/people/${id}/organiser`, { organiser: true }],
      [`/api/console/people/${id}/check-in`, { checkedIn: true }], [`/api/console/people/${id}/login-link`, {}],
      [`/api/console/people/${id}/password-mail`, {}], [`/api/console/people/${id}/delete`, {}],
      ['/api/console/people/import/preview', { csv: csvOf(1) }], ['/api/console/people/import', { csv: csvOf(1) }],
      ['/api/console/people/export?format=csv', undefined],
    ];
    const before = await userCount();
    for (const [path, body] of calls) {
      expect((await send(path, {}, body)).status, path).toBe(401);
      const refused = await send(path, attendee.auth, body);
      expect([refused.status, refused.json<{ error: string }>().error], path).toEqual([403, 'console.forbidden']);
      const foreign = await send(path, stranger.auth, body);
      expect([foreign.status, foreign.json<{ error: string }>().error], path).toEqual([403, 'auth.wrong_event']);
    }
    expect(await userCount()).toBe(before);
  });

  it('answers a bad input with 400 naming the field', async () => {
    const good = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };
    const cases: [string, unknown, string][] = [
      ['/api/console/people', { ...good, email: 'not-an-address' }, 'email'],
      ['/api/console/people', { ...good, firstName: ' ' }, 'firstName'],
      ['/api/console/people', { ...good, phone: 'call me' }, 'phone'],
      [`/api/console/people/${attendee.id}`, { ...good, lastName: 'x'.repeat(101) }, 'lastName'],
      ['/api/console/people/abc', good, 'personId'],
      [`/api/console/people/${attendee.id}/hidden`, { hidden: 'yes' }, 'hidden'],
      [`/api/console/people/${attendee.id}/organiser`, {}, 'organiser'],
      [`/api/console/people/${attendee.id}/check-in`, { checkedIn: 1 }, 'checkedIn'],
      ['/api/console/people/import', { csv: '' }, 'csv'],
      ['/api/console/people/import/preview', {}, 'csv'],
    ];
    for (const [path, body, field] of cases) {
      const res = await send(path, organiser.auth, body);
      expect([res.status, res.json<{ field?: string }>().field], path).toEqual([400, field]);
    }
    for (const query of ['?page=0', '?size=5000', '?q=' + 'x'.repeat(201)]) {
      expect((await send(`/api/console/people${query}`, organiser.auth)).status, query).toBe(400);
    }
    expect((await send('/api/console/people/999999', organiser.auth, good)).status).toBe(404);
    expect((await send('/api/console/people/export?format=pdf', organiser.auth)).json()).toMatchObject({ field: 'format' });
  });

  it('refuses a CSV with bad rows naming each row and field, and writes nothing', async () => {
    const bad = new Map([[3, ['not-an-email', 'Broken', 'Row', '', '', '']], [7, ['guest7@example.org', '', 'Tester', '', '', '']]]);
    const before = await userCount();
    const preview = (await send('/api/console/people/import/preview', organiser.auth, { csv: csvOf(20, { bad }) })).json<ImportPreview>();
    expect(preview.errors).toEqual([
      { row: 5, field: 'email', message: 'must be an e-mail address' },
      { row: 9, field: 'firstName', message: 'is required' },
    ]);
    const res = await send('/api/console/people/import', organiser.auth, { csv: csvOf(20, { bad }) });
    expect(res.status).toBe(400);
    const body = res.json<{ error: string; field: string; errors: ImportRowError[] }>();
    expect(body).toMatchObject({ error: 'attendee.invalid_file', field: 'csv' });
    expect(body.errors.map((e) => [e.row, e.field])).toEqual([[5, 'email'], [9, 'firstName']]);
    expect(await userCount()).toBe(before);
  });

  it('previews the mapping of a `;` file with a BOM, quoted cells and the export\'s Norwegian headings', async () => {
    const csv = '\uFEFFFornavn;Etternavn;E-post;Firma;Skannet inn\r\n"Kari";"Nordmann";KARI@example.org;"Bakeriet; Oslo";\r\nOla;"Nord ""Mann""";ola@example.org;;\r\n';
    const preview = (await send('/api/console/people/import/preview', organiser.auth, { csv })).json<ImportPreview>();
    expect(preview).toMatchObject({
      separator: ';', total: 2, errors: [], counts: { created: 2, updated: 0, unchanged: 0 },
      columns: [{ header: 'Fornavn', field: 'firstName' }, { header: 'Etternavn', field: 'lastName' }, { header: 'E-post', field: 'email' }, { header: 'Firma', field: 'company' }, { header: 'Skannet inn', field: null }],
    });
    expect(preview.rows[0]).toEqual({ firstName: 'Kari', lastName: 'Nordmann', email: 'KARI@example.org', company: 'Bakeriet; Oslo' });
    expect(preview.rows[1]).toMatchObject({ lastName: 'Nord "Mann"' });
  });

  it('imports a file all at once with progress, and the same file again changes nothing (e-mails matched case-insensitively); audited and published', async () => {
    const before = await userCount();
    const res = await send('/api/console/people/import', organiser.auth, { csv: csvOf(1200, { bom: true }) });
    expect(res.status).toBe(200);
    const lines = linesOf(res.body);
    expect(lines.at(-1)).toMatchObject({ type: 'done', created: 1200, updated: 0, unchanged: 0 });
    expect(lines.filter((l) => l.type === 'progress').map((l) => (l.type === 'progress' ? l.done : 0))).toEqual([0, 500, 1000, 1200]);
    expect(await userCount()).toBe(before + 1200);
    expect(await lastAudit()).toMatchObject({ action: 'attendee.import', target: 'attendees', userId: organiser.id, after: { created: 1200, updated: 0, unchanged: 0, rows: 1200 } });

    const again = linesOf((await send('/api/console/people/import', organiser.auth, { csv: csvOf(1200, { sep: ';', prefix: 'GUEST' }) })).body);
    expect(again.at(-1)).toMatchObject({ type: 'done', created: 0, updated: 0, unchanged: 1200 });
    expect(await userCount()).toBe(before + 1200);

    const page = await list('?q=guest11&size=10');
    expect(page.total).toBe(111); // guest11, guest110–119, guest1100–1199
    expect(page.people[0]).toMatchObject({ email: 'guest11@example.org', company: 'Firma 11, AS', checkedInAt: null, organiser: false, hidden: false, online: false });
    expect(page.people[0]!.ticketCode).toMatch(/^[A-Z2-9]{10}$/);
  });

  it('pages the list in name order and searches name, e-mail and company', async () => {
    const first = await list('?size=10');
    const second = await list('?size=10&page=2');
    expect(first.people).toHaveLength(10);
    expect(first.total).toBe(second.total);
    expect(first.people.map((p) => p.id)).not.toContain(second.people[0]!.id);
    expect((await list('?q=Guest%2012%20Tester')).people.map((p) => p.email)).toContain('guest12@example.org');
    expect((await list('?q=firma%201199')).people.map((p) => p.email)).toEqual(['guest1199@example.org']);
    expect((await list('?q=%25')).total).toBe(0);
  });

  it('adds, edits, hides, checks in and out, refusing an address the event has (409 naming email); each audited', async () => {
    const made = (await send('/api/console/people', organiser.auth, { firstName: 'Ada', lastName: 'Lovelace', email: ' Ada@Example.org ' })).json<ConsolePerson>();
    expect(made).toMatchObject({ email: 'ada@example.org', firstName: 'Ada', organiser: false });
    expect(await lastAudit()).toMatchObject({ action: 'attendee.create', target: `user:${made.id}` });
    const twice = await send('/api/console/people', organiser.auth, { firstName: 'Ada', lastName: 'Again', email: 'ADA@example.org' });
    expect([twice.status, twice.json<{ field: string }>().field]).toEqual([409, 'email']);

    const edited = (await send(`/api/console/people/${made.id}`, organiser.auth, { firstName: 'Augusta Ada', lastName: 'King', email: 'ada@example.org', company: 'Engines' })).json<ConsolePerson>();
    expect(edited).toMatchObject({ firstName: 'Augusta Ada', company: 'Engines' });
    expect(await lastAudit()).toMatchObject({ action: 'attendee.update', before: expect.objectContaining({ firstName: 'Ada' }) as unknown });

    expect((await send(`/api/console/people/${made.id}/hidden`, organiser.auth, { hidden: true })).json()).toMatchObject({ hidden: true });
    const participants = await call(server, `/api/liveEvent/${event.id}/users`, { host: event.host, headers: attendee.auth });
    expect(participants.body).not.toContain('Augusta Ada');

    const from = socket.frames.length;
    const inside = (await send(`/api/console/people/${made.id}/check-in`, organiser.auth, { checkedIn: true })).json<ConsolePerson>();
    expect(inside.checkedInAt).not.toBeNull();
    await heardOn(socket, 'admission-change', from);
    expect(await lastAudit()).toMatchObject({ action: 'attendee.check_in', before: { checkedInAt: null } });
    expect((await send(`/api/console/people/${made.id}/check-in`, organiser.auth, { checkedIn: false })).json()).toMatchObject({ checkedInAt: null });
  });

  it('marks and unmarks organisers, never the last one (409 saying why), and never deletes the last one', async () => {
    const last = await send(`/api/console/people/${organiser.id}/organiser`, organiser.auth, { organiser: false });
    expect(last.status).toBe(409);
    expect(last.json()).toMatchObject({ error: 'attendee.last_organiser', message: expect.stringContaining('last organiser') as unknown });
    expect((await send(`/api/console/people/${organiser.id}/delete`, organiser.auth, {})).status).toBe(409);
    expect((await send(`/api/console/people/${attendee.id}/organiser`, organiser.auth, { organiser: true })).json()).toMatchObject({ organiser: true });
    expect(await lastAudit()).toMatchObject({ action: 'attendee.organiser', after: { organiser: true } });
    expect((await send(`/api/console/people/${attendee.id}/organiser`, organiser.auth, { organiser: false })).json()).toMatchObject({ organiser: false });
  });

  it('mails a login link that logs the attendee in, and a set-password mail, each to the outbox', async () => {
    const [guest] = (await list('?q=guest42%40')).people;
    expect((await send(`/api/console/people/${guest!.id}/login-link`, organiser.auth, {})).status).toBe(204);
    const [mail] = await outboxWith(server, 'guest42@example.org', 'eml');
    const link = /\/login\/otp\/([\w-]+)/.exec(emlText(mail!))?.[1];
    expect(link).toBeDefined();
    expect((await call(server, '/connect/token', { host: event.host, ...form({ grant_type: 'otp', eventId: event.slug, token: link! }) })).status).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'attendee.login_link', target: `user:${guest!.id}` });

    const [other] = (await list('?q=guest43%40')).people;
    expect((await send(`/api/console/people/${other!.id}/password-mail`, organiser.auth, {})).status).toBe(204);
    expect((await outboxWith(server, 'guest43@example.org', 'eml')).length).toBe(1);
  });

  it('deletes an attendee with the erasure that exists, and exports every attendee as CSV', async () => {
    const [guest] = (await list('?q=guest44%40')).people;
    expect((await send(`/api/console/people/${guest!.id}/delete`, organiser.auth, {})).json()).toEqual({ removed: guest!.id });
    expect((await list('?q=guest44%40')).total).toBe(0);
    expect(await lastAudit()).toMatchObject({ action: 'attendee.delete', target: `user:${guest!.id}` });
    const exported = await send('/api/console/people/export?format=csv', organiser.auth);
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.body).toContain('guest45@example.org');
    expect(exported.body).not.toContain('guest44@example.org');
  });
});

// A change through one node is read on the other at once (PostgreSQL + Redis in CI).
const REDIS_URL = process.env['TEST_REDIS_URL'];
const ADMIN_TOKEN = 'test-admin-token-console-people';
const HOST = 'smallconf.localhost';

describe.runIf(REDIS_URL)('console people on two nodes', () => {
  const nodes = sharedNodes(REDIS_URL!, { ADMIN_TOKEN }, 'console-people');

  it('shows attendees imported through node A in node B\'s participant list at once', async () => {
    const [a, b] = nodes();
    const file = eventFile('small.event.json');
    const eventId = await importEvent(a, ADMIN_TOKEN, { ...file, features: { ...file.features, lobbyParticipantList: true } });
    const token = await accessToken(a, HOST, String(eventId), 'ada@example.org', 'ada-password');
    const names = async () => (await call(b, `/api/liveEvent/${eventId}/users`, { host: HOST, headers: bearer(token) })).body;
    // Node B keeps the participant list it read (its read model) until a data change drops it.
    expect(await names()).not.toContain('Zelda');
    const csv = 'firstName,lastName,email\r\nZelda,Nodewalker,zelda@example.org\r\n';
    const res = await call(a, '/api/console/people/import', { method: 'POST', host: HOST, headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify({ csv }) });
    expect(linesOf(res.body).at(-1)).toMatchObject({ type: 'done', created: 1 });
    expect(await names()).toContain('Zelda');
  });
});
