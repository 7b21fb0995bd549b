import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminEventRow } from '~/contracts/platform-admin';
import type { ConsoleContent } from '~/contracts/console-content';
import { eventFile, importEvent } from './admin-import';
import { factories, type Factories } from './factories';
import { call, startServer, type TestServer } from './harness';
import { bearer, emlText, form, outboxWith } from './login-helpers';

const TOKEN = 'test-admin-token-platform-admin';
const ORIGIN = 'http://localhost';
const json = { 'content-type': 'application/json' };
const nordic = { slug: 'nordic', host: 'nordic.localhost', name: 'Nordic Summit', language: 'nb', timeZone: 'Europe/Oslo', start: '2027-03-01T09:00:00+01:00', end: '2027-03-02T17:00:00+01:00' };

describe('the operator\'s admin calls: the token once, then a strict session cookie', () => {
  let server: TestServer;
  let f: Factories;
  let cookie: string;
  const admin = (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => call(server, path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'), host: 'localhost',
    headers: { ...(init.body === undefined ? {} : json), ...init.headers }, ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const eventCount = async () => Number((await f.db.kysely.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: '0', ADMIN_TOKEN: TOKEN } });
    f = factories(server);
    await importEvent(server, TOKEN, eventFile('small.event.json'));
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  it('signs in with the token as a Bearer header and answers an HttpOnly, SameSite=Strict session cookie that holds no token', async () => {
    const res = await admin('/api/admin/session', { method: 'POST', headers: bearer(TOKEN) });
    expect(res.status).toBe(200);
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(/^ep_admin=[\w-]+;/);
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Strict/i);
    expect(set).not.toContain(TOKEN);
    cookie = set.split(';')[0]!;
    const list = await admin('/api/admin/events', { headers: { cookie } });
    expect(list.status).toBe(200);
    expect(list.json<AdminEventRow[]>()).toContainEqual(expect.objectContaining({ slug: 'smallconf', attendees: 3 }));
  });

  it('refuses a wrong token or an old cookie with 401 and a message saying what to do, and a cookie-carried write from another site with 403', async () => {
    const wrong = await admin('/api/admin/session', { method: 'POST', headers: bearer('not-the-token') });
    expect([wrong.status, wrong.json<{ message: string }>().message]).toEqual([401, expect.stringContaining('enter the ADMIN_TOKEN') as unknown]);
    const stale = await admin('/api/admin/events', { headers: { cookie: 'ep_admin=forged' } });
    expect([stale.status, stale.json<{ message: string }>().message]).toEqual([401, expect.stringContaining('sign in with the admin token again') as unknown]);
    const before = await eventCount();
    const foreign = await admin('/api/admin/events', { body: nordic, headers: { cookie, origin: 'https://evil.example' } });
    expect([foreign.status, foreign.json<{ error: string }>().error]).toEqual([403, 'admin.cross_site']);
    expect(await eventCount()).toBe(before);
  });

  it('refuses an attendee\'s or an organiser\'s own session: only the admin token opens the calls', async () => {
    const login = await call(server, '/connect/token', { host: 'smallconf.localhost', ...form({ grant_type: 'password', username: 'ada@example.org', password: 'ada-password', eventId: 'smallconf' }) });
    const token = login.json<{ access_token: string }>().access_token;
    expect((await call(server, '/api/admin/events', { host: 'smallconf.localhost', headers: bearer(token) })).status).toBe(401);
    expect((await call(server, '/api/admin/events', { host: 'smallconf.localhost', headers: { cookie: `ep_session=${token}` } })).status).toBe(401);
  });

  it('answers a bad new event with 400 naming the field, and creates nothing', async () => {
    const before = await eventCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...nordic, slug: 'Nordic!' }, 'slug'], [{ ...nordic, host: 'other.localhost' }, 'host'], [{ ...nordic, name: ' ' }, 'name'],
      [{ ...nordic, language: 'sv' }, 'language'], [{ ...nordic, timeZone: 'Mars/Olympus' }, 'timeZone'], [{ ...nordic, start: 'tomorrow' }, 'start'],
      [{ ...nordic, end: '2027-02-01T09:00:00+01:00' }, 'end'], [{ ...nordic, copyFrom: 'nowhere' }, 'copyFrom'],
    ];
    for (const [body, field] of cases) {
      const res = await admin('/api/admin/events', { body, headers: { cookie, origin: ORIGIN } });
      expect([res.status, res.json<{ field?: string }>().field], field).toEqual([400, field]);
    }
    const taken = await admin('/api/admin/events', { body: { ...nordic, slug: 'smallconf', host: 'smallconf.localhost' }, headers: { cookie, origin: ORIGIN } });
    expect([taken.status, taken.json<{ field?: string }>().field]).toEqual([409, 'slug']);
    expect(await eventCount()).toBe(before);
  });

  it('creates an empty event, invites its first organiser, whose mailed link signs them in to its console', async () => {
    const made = await admin('/api/admin/events', { body: nordic, headers: { cookie, origin: ORIGIN } });
    expect(made.status, made.body).toBe(200);
    expect(made.json()).toMatchObject({ slug: 'nordic', created: true });
    const invite = await admin('/api/admin/events/nordic/organisers', { body: { email: 'Ola@Example.org', firstName: 'Ola', lastName: 'Nordmann', host: `nordic.localhost:${server.port}` }, headers: { cookie, origin: ORIGIN } });
    expect(invite.status, invite.body).toBe(200);
    const [mail] = await outboxWith(server, 'ola@example.org', 'eml');
    const text = emlText(mail!);
    expect(text).toContain(`http://nordic.localhost:${server.port}/login/otp/`);
    const link = /\/login\/otp\/([\w-]+)/.exec(text)![1]!;
    const signedIn = await call(server, '/connect/token', { host: 'nordic.localhost', ...form({ grant_type: 'otp', eventId: 'nordic', token: link }) });
    expect(signedIn.status, signedIn.body).toBe(200);
    const console = await call(server, '/api/console/content', { host: 'nordic.localhost', headers: bearer(signedIn.json<{ access_token: string }>().access_token) });
    expect(console.status).toBe(200);
    expect(console.json<ConsoleContent>()).toMatchObject({ pages: [], documents: [] });
    const list = (await admin('/api/admin/events', { headers: { cookie } })).json<AdminEventRow[]>();
    expect(list).toContainEqual(expect.objectContaining({ slug: 'nordic', name: 'Nordic Summit', language: 'nb', attendees: 1 }));
    const unknown = await admin('/api/admin/events/nowhere/organisers', { body: { email: 'a@example.org', firstName: 'A', lastName: 'B', host: 'nowhere.localhost' }, headers: { cookie, origin: ORIGIN } });
    expect(unknown.status).toBe(404);
  });

  it('copies an event\'s file without its people: programme and pages come along, sessions moved with the start', async () => {
    const res = await admin('/api/admin/events', { body: { ...nordic, slug: 'smallcopy', host: 'smallcopy.localhost', name: 'Small again', copyFrom: 'smallconf', start: '2030-01-01T09:00:00Z', end: '2030-01-02T17:00:00Z' }, headers: { cookie, origin: ORIGIN } });
    expect(res.status, res.body).toBe(200);
    const exported = (await admin('/api/admin/events/smallcopy/export', { headers: { cookie } })).json<{ users: unknown[]; infoPages: { key: string }[]; sessions: { key: string; start: string }[]; name: string }>();
    expect(exported).toMatchObject({ name: 'Small again', users: [] });
    expect(exported.infoPages.map((p) => p.key)).toEqual(['faq']);
    // The event starts at 08:00 Oslo time and the opening at 09:00: an hour after the new start.
    expect(exported.sessions.find((s) => s.key === 'opening')?.start).toBe('2030-01-01T10:00:00.000Z');
  });

  it('signs out: the cookie is cleared', async () => {
    const res = await admin('/api/admin/session', { method: 'DELETE', headers: { cookie, origin: ORIGIN } });
    expect(res.status).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/^ep_admin=;.*Max-Age=0/i);
  });
});

describe('wrong admin tokens are limited per address', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startServer({ env: { SEED_DEMO: '0', ADMIN_TOKEN: TOKEN } }); });
  afterAll(async () => { await server?.stop(); });

  it('answers 429 with Retry-After after ten wrong tokens, even to the right one, until the wait ends', async () => {
    const signIn = (token: string) => call(server, '/api/admin/session', { method: 'POST', host: 'localhost', headers: bearer(token) });
    for (let i = 0; i < 10; i += 1) expect((await signIn(`wrong-${i}`)).status).toBe(401);
    const limited = await signIn(TOKEN);
    expect([limited.status, limited.json<{ error: string }>().error]).toEqual([429, 'admin.rate_limited']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
