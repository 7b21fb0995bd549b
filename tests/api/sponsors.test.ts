import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeetingRoom, Sponsor, SponsorContactUser, SponsorPoll, SponsorSummary } from '~/contracts/sponsors';
import { factories, type Factories } from './factories';
import { call, startServer, type TestServer } from './harness';
import { form, loginAs } from './member-helpers';
import { csvRows, download, sheetRows } from './sheet-helpers';

const API = '/api/liveEvent/demo';
const outbox = (server: TestServer) => {
  try {
    return readdirSync(join(server.dataDir, 'outbox')).map((name) => readFileSync(join(server.dataDir, 'outbox', name), 'utf8'));
  } catch {
    return [];
  }
};

describe('sponsors API', () => {
  let server: TestServer;
  let f: Factories;
  let attendee: Record<string, string>;
  let other: { id: number; slug: string; host: string };
  beforeAll(async () => {
    server = await startServer();
    f = factories(server);
    other = await f.newEvent();
    attendee = await loginAs(server, 'demo.localhost', 'demo', 'attendee@demo.test', 'demo-attendee-1');
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  const get = (path: string, headers = attendee) => call(server, `${API}/${path}`, { headers });

  it('lists the sponsors in order with their categories', async () => {
    const res = await get('sponsors');
    expect(res.status).toBe(200);
    const list = res.json<SponsorSummary[]>();
    expect(list.map((s) => s.order)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(list[0]).toMatchObject({ id: 1, name: 'Nordvind Energy', categories: [{ label: 'Platinum partners' }] });
  });

  it('gives one sponsor with a sanitised description and typed links', async () => {
    const sponsor = (await get('sponsors/1')).json<Sponsor>();
    expect(sponsor.email).toBe('contact@nordvind.test');
    expect(sponsor.description).toContain('<strong>Nordvind Energy</strong>');
    expect(sponsor.links.map((l) => l.type)).toEqual(['Web', 'Linkedin']);
    expect((await get('sponsors/7')).json<Sponsor>().email).toBe('');
  });

  it('gives the contact users, meeting rooms, polls, quizzes and documents of a sponsor', async () => {
    const users = (await get('sponsors/1/users')).json<SponsorContactUser[]>();
    expect(users.map((u) => u.Email).sort()).toEqual(['kari.moen@nordvind.test', 'magnus.eriksen@nordvind.test']);
    const rooms = (await get('sponsors/1/wherebyRooms')).json<MeetingRoom[]>();
    expect(rooms[0]).toMatchObject({ wherebyMeetingName: 'Nordvind Energy – meet us now', wherebyRoomURL: 'https://whereby.com/demo-room-1' });
    expect((await get('sponsors/2/polls')).json<SponsorPoll[]>()).toEqual([expect.objectContaining({ label: 'Polar Grid survey' })]);
    expect((await get('sponsors/2/quizzes')).json()).toEqual([]);
    const docs = (await get('sponsors/1/documents')).json<{ Name: string }[]>();
    expect(docs.map((d) => d.Name).sort()).toEqual(['Find our booth', 'Nordvind Flex product sheet']);
    expect((await get('sponsors/1/documents?platform=webApp')).json()).toEqual([]);
  });

  it('lists sponsor categories and categories by type', async () => {
    expect((await get('sponsors/categories')).json<{ categoryType: number }[]>().every((c) => c.categoryType === 0)).toBe(true);
    const agenda = (await get('categories?type=1')).json<{ name: string; categoryType: number }[]>();
    expect(agenda.map((c) => c.name)).toContain('Keynote');
    expect(agenda.map((c) => c.name)).not.toContain('Backstage notes');
    expect((await get('categories?type=7')).json()).toMatchObject({ error: 'request.invalid', field: 'type' });
  });

  it('answers 404 for an unknown sponsor and 400 naming the id for a malformed one', async () => {
    for (const path of ['sponsors/999', 'sponsors/999/users', 'sponsors/999/wherebyRooms', 'sponsors/999/polls', 'sponsors/999/quizzes', 'sponsors/999/documents']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.json()).toMatchObject({ error: 'sponsor.not_found' });
    }
    const bad = await get('sponsors/abc/users');
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'id' });
  });

  it('needs a login (401) and refuses another event in the path or its token (403) or an unknown one (404)', async () => {
    expect((await call(server, `${API}/sponsors`)).status).toBe(401);
    expect((await call(server, `${API}/sendContactMessage`, form({ SponsorId: '1', Message: 'hi' }))).status).toBe(401);
    const wrong = await call(server, `/api/liveEvent/${other.slug}/sponsors`, { headers: attendee });
    expect(wrong.status).toBe(403);
    expect(wrong.json()).toMatchObject({ error: 'event.wrong_event' });
    expect((await call(server, '/api/liveEvent/no-such-event/sponsors', { headers: attendee })).status).toBe(404);
    // A live token of the demo event on another event's host: the wrong event (403), not a logout (401).
    const foreign = await call(server, `/api/liveEvent/${other.slug}/sponsors`, { host: other.host, headers: attendee });
    expect(foreign.status).toBe(403);
    expect(foreign.json()).toMatchObject({ error: 'auth.wrong_event' });
  });

  it('stores a contact message and e-mails the sponsor; an empty message is refused', async () => {
    const before = outbox(server).length;
    const ok = await call(server, `${API}/sendContactMessage`, { ...form({ SponsorId: '1', Message: 'Can we talk about flexibility?' }), headers: { ...attendee, ...form({}).headers } });
    expect(ok.status).toBe(200);
    expect(ok.json()).toEqual({ data: true });
    const rows = await f.db.kysely.selectFrom('sponsor_messages').selectAll().where('sponsor_id', '=', 1).execute();
    expect(rows.map((r) => r.message)).toContain('Can we talk about flexibility?');
    const mails = outbox(server);
    expect(mails.length).toBe(before + 1);
    expect(mails.some((m) => m.includes('contact@nordvind.test') && m.includes('Can we talk about flexibility?'))).toBe(true);

    const empty = await call(server, `${API}/sendContactMessage`, { ...form({ SponsorId: '1', Message: '   ' }), headers: { ...attendee, ...form({}).headers } });
    expect(empty.status).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'Message' });
    const noSponsor = await call(server, `${API}/sendContactMessage`, { ...form({ Message: 'hi' }), headers: { ...attendee, ...form({}).headers } });
    expect(noSponsor.json()).toMatchObject({ field: 'SponsorId' });
    const unknown = await call(server, `${API}/sendContactMessage`, { ...form({ SponsorId: '999', Message: 'hi' }), headers: { ...attendee, ...form({}).headers } });
    expect(unknown.status).toBe(404);
  });

  it('stores a meeting request to a sponsor contact once and refuses unknown contacts', async () => {
    const kari = (await get('sponsors/1/users')).json<SponsorContactUser[]>().find((u) => u.Firstname === 'Kari')!;
    const first = await get(`requestMeeting/${kari.UserID}?sponsorId=1`);
    expect(first.json()).toEqual({ data: true });
    expect((await get(`requestMeeting/${kari.UserID}`)).status).toBe(200);
    const rows = await f.db.kysely.selectFrom('meeting_requests').selectAll().where('contact_user_id', '=', kari.UserID).execute();
    expect(rows).toHaveLength(1);
    expect((await get(`requestMeeting/${kari.UserID}?sponsorId=2`)).status).toBe(404);
    expect((await get('requestMeeting/1')).status).toBe(404); // the attendee is nobody's contact
    expect((await get('requestMeeting/x')).json()).toMatchObject({ field: 'id' });
    expect((await get(`requestMeeting/${kari.UserID}?sponsorId=abc`)).json()).toMatchObject({ field: 'sponsorId' });
  });

  it('shares the attendee\'s contact info as a lead, but not with a sponsor without e-mail', async () => {
    expect((await get('sendContactInfo/1')).json()).toEqual({ data: true });
    const lead = await f.db.kysely.selectFrom('sponsor_leads').selectAll().where('sponsor_id', '=', 1).where('source', '=', 'contactInfo').executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ first_name: 'Alex', last_name: 'Andersen', email: 'attendee@demo.test' });
    expect((await get('sendContactInfo/7')).status).toBe(422);
    expect((await get('sendContactInfo/999')).status).toBe(404);
  });
});

describe('public lead form and lead export', () => {
  let server: TestServer;
  const lead = { firstName: 'Vera', lastName: 'Visitor', email: 'vera@example.org', company: '=HYPERLINK("x")', description: '+ interested in Flex' };
  beforeAll(async () => { server = await startServer(); });
  afterAll(async () => { await server?.stop(); });
  const post = (body: Record<string, string>, sponsor = '1', headers: Record<string, string> = {}) =>
    call(server, `${API}/sponsors/${sponsor}/contactForm`, { ...form(body), headers: { ...form({}).headers, ...headers } });

  it('takes a lead without a login and stores it for the sponsor', async () => {
    const res = await call(server, `${API}/sponsors/1/contactForm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(lead) });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ data: true });
  });

  it('names the field that breaks a docs/product.md §5 rule', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ ...lead, firstName: ' ' }, 'firstName'], [{ ...lead, lastName: '' }, 'lastName'], [{ ...lead, company: '' }, 'company'],
      [{ ...lead, email: 'not-an-address' }, 'email'], [{ ...lead, description: 'abc' }, 'description'],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect(res.status, field).toBe(400);
      expect(res.json(), field).toMatchObject({ error: 'request.invalid', field });
    }
    expect((await post({ ...lead, email: '' })).status).toBe(200);
    expect((await post(lead, '999')).status).toBe(404);
    expect((await post(lead, 'abc')).json()).toMatchObject({ field: 'id' });
  });

  it('renders the lead form page publicly and validates a plain POST on the server', async () => {
    const page = await call(server, '/sponsor/1/contactForm');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Contact Nordvind Energy');
    expect(page.body).toMatch(/<form[^>]*method="post"/);
    const bad = await call(server, '/sponsor/1/contactForm', form({ firstName: 'A', lastName: '', company: 'C', description: 'hi' }));
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('Enter your last name');
    expect(bad.body).toContain('The message must be at least 4 characters');
    const good = await call(server, '/sponsor/1/contactForm', form({ firstName: 'A', lastName: 'B', company: 'C', description: 'hello there' }));
    expect(good.status).toBe(200);
    expect(good.body).toContain('Thank you!');
    expect((await call(server, '/sponsor/999/contactForm')).status).toBe(404);
    // The page table holds the form's body to 32 kB: a larger one is refused before it is read.
    const huge = await call(server, '/sponsor/1/contactForm', form({ firstName: 'A', lastName: 'B', company: 'C', description: 'x'.repeat(40 * 1024) }));
    expect(huge.status).toBe(400);
    expect(huge.body).toContain('Something went wrong. Try again.');
  });

  it('exports leads as CSV with formula cells escaped and an x-filename, for organisers', async () => {
    const organiser = await loginAs(server, 'demo.localhost', 'demo', 'organiser@demo.test', 'demo-organiser-1');
    const res = await call(server, `${API}/sponsors/1/leads/export?format=csv`, { headers: organiser });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['x-filename']).toMatch(/^demo-leads-\d{8}-\d{4}\.csv$/);
    expect(res.body).toContain('First name');
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(res.body).toContain("'+ interested in Flex");
    expect(res.body).not.toMatch(/(^|,)[=+@-]/m);
  });

  it('exports XLSX for the sponsor\'s own contact and refuses other attendees', async () => {
    const kari = await loginAs(server, 'demo.localhost', 'demo', 'kari.moen@nordvind.test', 'demo-attendee-1');
    const xlsx = await call(server, `${API}/sponsors/1/leads/export?format=xlsx`, { headers: kari });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['x-filename']).toMatch(/^demo-leads-\d{8}-\d{4}\.xlsx$/);
    expect(xlsx.body.slice(0, 2)).toBe('PK');
    expect((await call(server, `${API}/sponsors/2/leads/export`, { headers: kari })).status).toBe(403);
    const attendee = await loginAs(server, 'demo.localhost', 'demo', 'attendee@demo.test', 'demo-attendee-1');
    expect((await call(server, `${API}/sponsors/1/leads/export`, { headers: attendee })).status).toBe(403);
    expect((await call(server, `${API}/sponsors/1/leads/export?format=pdf`, { headers: kari })).json()).toMatchObject({ field: 'format' });
    expect((await call(server, `${API}/sponsors/1/leads/export`)).status).toBe(401);
  });

  it('escapes a formula-looking cell the same way in the CSV and the XLSX, and quotes a cell holding either separator', async () => {
    const description = 'Call us;=1+2 for a demo';
    expect((await post({ ...lead, description })).status).toBe(200);
    const organiser = await loginAs(server, 'demo.localhost', 'demo', 'organiser@demo.test', 'demo-organiser-1');
    const csv = await download(server, 'demo.localhost', `${API}/sponsors/1/leads/export?format=csv`, organiser);
    const xlsx = await download(server, 'demo.localhost', `${API}/sponsors/1/leads/export?format=xlsx`, organiser);
    expect(csv.status).toBe(200);
    expect(xlsx.status).toBe(200);
    // A reader that splits on ';' (a decimal-comma locale) must not find a cell starting with '='.
    expect(csv.body.toString('utf8')).toContain(`"${description}"`);
    const rows = csvRows(csv.body);
    expect(rows.find((row) => row.includes(description))).toContain(`'=HYPERLINK("x")`);
    // An empty cell is absent from the sheet and an empty field in the CSV.
    const cells = (await sheetRows(xlsx.body)).map((row) => rows[0]!.map((_, i) => row[i] ?? ''));
    expect(cells).toEqual(rows);
  });

  it('limits lead form submissions per address', async () => {
    let last = 0;
    for (let i = 0; i < 12; i++) last = (await post(lead, '2')).status;
    expect(last).toBe(429);
  });
});
