import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedListResponse } from '~/contracts/admission';
import { factories, type Factories } from './factories';
import { call, startServer, type TestServer } from './harness';
import { download, sheetRows } from './sheet-helpers';

const ADMIN_TOKEN = 'shared-lists-admin-token';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };

const eventFile = (slug: string, sharedLists: unknown[]) => ({
  slug, name: `Shared ${slug}`, timeZone: 'Europe/Oslo', start: '2025-06-01T08:00:00Z', end: '2025-06-03T18:00:00Z',
  users: [
    { email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace', company: '=SUM(1+1)' },
    { email: 'bob@example.org', firstName: 'Bob', lastName: 'Hidden', company: 'Quiet AS', hidden: true },
    { email: 'cy@example.org', firstName: 'Cy', lastName: 'Vip', company: 'Big AS' },
    { email: 'di@example.org', firstName: 'Di', lastName: 'Vipper', hidden: true },
  ],
  groups: [{ key: 'vip', name: 'VIP', members: ['cy@example.org', 'di@example.org'] }],
  sharedLists,
});

const LISTS = [
  {
    key: 'reception', name: 'Reception', description: 'For the front desk', pin: '482913',
    columns: ['name', 'lastName', { field: 'company', label: 'Firm' }, 'admittedAt'],
  },
  { key: 'vip', name: 'VIP guests', pin: 'vip-list-77', groups: ['vip'], columns: ['name', 'email'], admission: 'scannedIn', includeHidden: true },
];

describe('shared participant lists by PIN (docs/product.md §2 /participants/{pinCode}, §7)', () => {
  let server: TestServer;
  let f: Factories;
  let eventId: number;
  const slug = 'pinlists';
  const host = `${slug}.localhost`;
  let address = 0;
  /** Each test speaks from its own client address (TRUST_PROXY), so the PIN limit of one does not touch another. */
  const from = (n = ++address) => ({ 'x-forwarded-for': `10.9.0.${n}` });
  const get = (path: string, headers: Record<string, string> = from(), on = host) => call(server, path, { host: on, headers });
  const api = (pin: string, id: number | string = eventId) => `/api/liveEvent/${id}/sharedParticipants/${pin}`;

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: '0', ADMIN_TOKEN, TRUST_PROXY: '1' } });
    f = factories(server);
    const imported = await call(server, '/api/admin/events/import', { method: 'POST', host: 'localhost', headers: admin, body: JSON.stringify(eventFile(slug, LISTS)) });
    expect(imported.status).toBe(200);
    eventId = imported.json<{ eventId: number }>().eventId;
    // Cy and Di are scanned in; Ada is not.
    const users = await f.db.kysely.selectFrom('users').select(['id', 'email']).where('event_id', '=', eventId).execute();
    const idOf = (email: string) => users.find((u) => u.email === email)!.id;
    await f.db.kysely.updateTable('registrations').set({ admitted_at: '2025-06-02T07:05:00.000Z' })
      .where('user_id', 'in', [idOf('cy@example.org'), idOf('di@example.org')]).execute();
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  it('answers the list by its PIN: server-given header (organiser labels, defaults in the event language), rows, names, description; hidden attendees left out', async () => {
    const res = await get(api('482913'));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.json<SharedListResponse>()).toEqual({
      eventName: `Shared ${slug}`, listName: 'Reception', description: 'For the front desk',
      participants: {
        header: ['First name', 'Last name', 'Firm', 'Scanned in at'],
        values: [['Ada', 'Lovelace', '=SUM(1+1)', null], ['Cy', 'Vip', 'Big AS', '2025-06-02 09:05:00']],
      },
    });
  });

  it('narrows by groups and admission, and shows hidden attendees only when the list says so', async () => {
    const body = (await get(api('vip-list-77'))).json<SharedListResponse>();
    expect(body.participants).toEqual({ header: ['First name', 'E-mail'], values: [['Cy', 'cy@example.org'], ['Di', 'di@example.org']] });
  });

  it('answers a wrong PIN, an unknown one and a malformed one with the same 404, and nothing about the list', async () => {
    const answers = await Promise.all(['482914', 'nosuchpin', '12', '482913x'].map((pin) => get(api(pin))));
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.json()).toMatchObject({ error: 'shared_list.not_found' });
      expect(res.body).not.toContain('Reception');
    }
  });

  it('limits wrong PINs per address: after 10 misses even the right PIN waits (429 with Retry-After); another address is not affected', async () => {
    const guesser = from();
    for (let i = 0; i < 10; i++) expect((await get(api(`00000${i}`), guesser)).status).toBe(404);
    const limited = await get(api('482913'), guesser);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(`/participants/482913`, guesser)).status).toBe(429);
    expect((await get(api('482913'))).status).toBe(200);
  });

  it('opens no list of another event: its PIN on this host is a 404, and a path naming another event is 403', async () => {
    const other = await call(server, '/api/admin/events/import', {
      method: 'POST', host: 'localhost', headers: admin,
      body: JSON.stringify(eventFile('pinlists-other', [{ key: 'other', name: 'Other', pin: 'other-pin-1' }])),
    });
    expect(other.status).toBe(200);
    expect((await get(api('other-pin-1'))).status).toBe(404);
    expect((await get(api('other-pin-1', 'pinlists-other'), from(), 'pinlists-other.localhost')).status).toBe(200);
    expect((await get(api('482913', 'pinlists-other'))).status).toBe(403);
  });

  it('exports the list as XLSX with the same header and rows as the call (formula cells escaped), and as CSV', async () => {
    const screen = (await get(api('482913'))).json<SharedListResponse>().participants;
    const res = await download(server, host, `${api('482913')}/export`, from());
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['x-filename'])).toMatch(/^pinlists-reception-\d{8}-\d{4}\.xlsx$/);
    const rows = await sheetRows(res.body);
    const escape = (v: string | null) => (v !== null && /^[=+\-@]/.test(v) ? `'${v}` : v);
    expect(rows[0]).toEqual(screen.header);
    expect(rows.slice(1).map((r) => screen.header.map((_, i) => (r[i] ?? null) as string | null))).toEqual(screen.values.map((r) => r.map(escape)));

    const csv = await download(server, host, `${api('482913')}/export?format=csv`, from());
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.toString('utf8')).toBe('\uFEFFFirst name,Last name,Firm,Scanned in at\r\nAda,Lovelace,\'=SUM(1+1),\r\nCy,Vip,Big AS,2025-06-02 09:05:00\r\n');
    const bad = await get(`${api('482913')}/export?format=pdf`);
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'format' });
    expect((await get(`${api('482914')}/export`)).status).toBe(404);
  });

  it('renders the page with the title, description, "Showing all N attendees" and the table; a wrong PIN gets a 404 page', async () => {
    const page = await get('/participants/482913');
    expect(page.status).toBe(200);
    // The address carries the PIN: other sites get the origin only as a referrer (middleware/security-headers.ts).
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.body).toMatch(/<h1[^>]*>Reception<\/h1>/);
    expect(page.body).toContain('For the front desk');
    expect(page.body).toContain('Showing all 2 attendees');
    expect(page.body).toContain('Firm');
    const wrong = await get('/participants/482914');
    expect(wrong.status).toBe(404);
    expect(wrong.body).toContain('the PIN is wrong');
    expect(wrong.body).not.toContain('Lovelace');
  });

  it('writes the lists back in an export, and refuses bad lists naming the field', async () => {
    const exported = await call(server, `/api/admin/events/${slug}/export`, { host: 'localhost', headers: admin });
    expect(exported.json<{ sharedLists: unknown[] }>().sharedLists).toEqual([
      { ...LISTS[0], groups: [], admission: 'all', includeHidden: false },
      { ...LISTS[1] },
    ]);
    const bad = await call(server, '/api/admin/events/import', {
      method: 'POST', host: 'localhost', headers: admin,
      body: JSON.stringify(eventFile('pinlists-bad', [
        { key: 'a', name: 'A', pin: '123456', columns: ['password'] },
        { key: 'b', name: 'B', pin: '123456', groups: ['nope'] },
        { key: 'c', name: 'C', pin: '12' },
      ])),
    });
    expect(bad.status).toBe(400);
    const issues = bad.json<{ issues: string[] }>().issues.join('\n');
    expect(issues).toContain('sharedLists[0].columns[0]');
    expect(issues).toContain('sharedLists[2].pin');
  });

  it('checks PINs and group references across lists once the fields are valid', async () => {
    const bad = await call(server, '/api/admin/events/import', {
      method: 'POST', host: 'localhost', headers: admin,
      body: JSON.stringify(eventFile('pinlists-bad', [
        { key: 'a', name: 'A', pin: '123456' },
        { key: 'b', name: 'B', pin: '123456', groups: ['nope'] },
      ])),
    });
    expect(bad.status).toBe(400);
    const issues = bad.json<{ issues: string[] }>().issues;
    expect(issues).toContain('sharedLists[1].pin: is already the PIN of sharedLists[0]');
    expect(issues).toContain('sharedLists[1].groups[0]: unknown group "nope"');
  });
});
