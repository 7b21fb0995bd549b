import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdmissionResponse } from '~/contracts/admission';
import { newAttendee } from './attendee-factory';
import type { Factories } from './factories';
import { call, type TestServer } from './harness';
import { download, sheetRows } from './sheet-helpers';
import { RESULTS_PASSWORD, resultsLogin } from './poll-results-helpers';
import { admissionLogin, admissionSetup } from './admission-helpers';

describe('admission lists: participantsAdmission (docs/product.md §7)', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };
  let other: { id: number; slug: string; host: string };
  let session: Record<string, string>;
  let groupId: number;

  const admit = async (eventId: number, userId: number, at: string | null) => {
    await f.db.kysely.insertInto('registrations').values({
      event_id: eventId, user_id: userId, ticket_code: `T-${userId}-${Math.random().toString(36).slice(2)}`,
      ticket_key: `K-${userId}-${Math.random().toString(36).slice(2)}`, admitted_at: at, created_at: '2025-06-01T08:00:00.000Z',
    }).execute();
  };

  beforeAll(async () => {
    ({ server, f, event, other, session } = await admissionSetup());
    const [a, b, c, d] = [await newAttendee(f, event.id), await newAttendee(f, event.id), await newAttendee(f, event.id), await newAttendee(f, event.id)];
    await f.db.kysely.updateTable('users').set({ company: '=CMD()', phone: '+4712345678', is_hidden: true }).where('id', '=', a.id).execute();
    await admit(event.id, a.id, '2025-06-02T09:00:00.000Z');
    await admit(event.id, b.id, '2025-06-03T09:00:00.000Z');
    await admit(event.id, c.id, null);
    groupId = Number((await f.db.kysely.insertInto('groups').values({ event_id: event.id, key: 'vip', name: 'VIP', is_public: false }).returning('id').executeTakeFirstOrThrow()).id);
    await f.db.kysely.insertInto('group_members').values([{ group_id: groupId, user_id: a.id }, { group_id: groupId, user_id: d.id }]).execute();
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  const path = (p: string, id = event.id) => `/api/liveEvent/${id}/${p}`;
  const post = (p: string, body: unknown, headers = session, host = event.host, id = event.id) =>
    call(server, path(p, id), { host, method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('splits the attendees into scanned-in and not scanned-in with the default columns, hidden attendees included', async () => {
    const res = await post('participantsAdmission', {});
    expect(res.status).toBe(200);
    const body = res.json<AdmissionResponse>();
    expect(body.admittedParticipants.header).toEqual(['First name', 'Last name', 'Company', 'E-mail', 'Phone']);
    expect(body.admittedParticipants.values).toHaveLength(2);
    expect(body.noAdmittedParticipants.values).toHaveLength(2);
    expect(body.admittedParticipants.values[0]![2]).toBe('=CMD()');
  });

  it('narrows scanned-in to the date window (a bare toDate is a whole day) and moves the rest to not scanned-in', async () => {
    const body = (await post('participantsAdmission', { fromDate: '2025-06-02', toDate: '2025-06-02' })).json<AdmissionResponse>();
    expect(body.admittedParticipants.values).toHaveLength(1);
    expect(body.noAdmittedParticipants.values).toHaveLength(3);
  });

  it('filters by groups (members of any)', async () => {
    const body = (await post('participantsAdmission', { groups: [groupId] })).json<AdmissionResponse>();
    expect(body.admittedParticipants.values).toHaveLength(1);
    expect(body.noAdmittedParticipants.values).toHaveLength(1);
    expect((await post('participantsAdmission', { groups: String(groupId) })).json<AdmissionResponse>().admittedParticipants.values).toHaveLength(1);
  });

  it('answers 400 naming the field for one date alone, a bad date or toDate before fromDate', async () => {
    const alone = await post('participantsAdmission', { fromDate: '2025-06-02' });
    expect(alone.status).toBe(400);
    expect(alone.json()).toMatchObject({ field: 'toDate' });
    const bad = await post('participantsAdmission', { fromDate: 'yesterday', toDate: '2025-06-02' });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'fromDate' });
    const backwards = await post('participantsAdmission', { fromDate: '2025-06-03', toDate: '2025-06-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.json()).toMatchObject({ field: 'toDate' });
    expect((await post('participantsAdmission', { groups: 'vip' })).json()).toMatchObject({ field: 'groups' });
  });

  it('refuses without a session (401), with a poll results session (403) and with another event\'s session', async () => {
    expect((await post('participantsAdmission', {}, {})).status).toBe(401);
    expect((await post('participantsAdmission/export', {}, {})).status).toBe(401);
    const results = await resultsLogin(server, event.host, RESULTS_PASSWORD);
    expect((await post('participantsAdmission', {}, results)).status).toBe(403);
    const foreign = await admissionLogin(server, other.host);
    expect((await post('participantsAdmission', {}, foreign)).status).toBe(401);
    expect((await post('participantsAdmission', {}, session, event.host, other.id)).status).toBe(403);
  });

  it('exports both lists as XLSX with the same rows as the screen, formula cells escaped, named in x-filename', async () => {
    const screen = (await post('participantsAdmission', {})).json<AdmissionResponse>();
    const res = await download(server, event.host, path('participantsAdmission/export'), session, {});
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['x-filename'])).toMatch(new RegExp(`^${event.slug}-admission-\\d{8}-\\d{4}\\.xlsx$`));
    const rows = await sheetRows(res.body);
    expect(rows[0]).toEqual([...screen.admittedParticipants.header, 'Scanned in at']);
    const escape = (v: string | null) => (v !== null && /^[=+\-@]/.test(v) ? `'${v}` : v);
    const expected = [...screen.admittedParticipants.values, ...screen.noAdmittedParticipants.values].map((r) => r.map(escape));
    expect(rows.slice(1).map((r) => Array.from({ length: 5 }, (_, i) => (r[i] ?? null) as string | null))).toEqual(expected);
    expect(rows[1]![5]).toBe('2025-06-02 11:00:00');
  });

  it('exports only the chosen lists, as CSV on request', async () => {
    const res = await download(server, event.host, path('participantsAdmission/export'), session, { addAdmittedRows: false, format: 'csv' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const text = res.body.toString('utf8');
    expect(text.startsWith('\uFEFFFirst name,Last name,Company,E-mail,Phone,Scanned in at\r\n')).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(3);
  });

  it('sends the page to the admission login without the admission session, and renders it with one', async () => {
    const none = await call(server, '/participantsAdmitted', { host: event.host });
    expect(none.status).toBe(302);
    expect(none.headers['location']).toBe('/login-participants-results?return=%2FparticipantsAdmitted');
    const results = await resultsLogin(server, event.host, RESULTS_PASSWORD);
    expect((await call(server, '/participantsAdmitted', { host: event.host, headers: results })).status).toBe(302);
    const page = await call(server, '/participantsAdmitted', { host: event.host, headers: session });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.body).toContain('Scanned in');
  });
});
