import { request as httpRequest } from 'node:http';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type Factories } from './factories';
import { call, startServer, type HttpResponse, type TestServer } from './harness';
import { form } from './member-helpers';

/* Security headers and TRUST_PROXY, and the smaller defences: TRACE, enumeration, Origin (docs/security.md). */

const HOST = 'demo.localhost';
const csp = (res: HttpResponse) => String(res.headers['content-security-policy'] ?? '');
const demoLogin = { grant_type: 'password', eventId: 'demo', username: 'attendee@demo.test', password: 'demo-attendee-1' };

/** A raw request with any method (TRACE included), answering the status and body. */
function rawMethod(server: TestServer, method: string, path: string): Promise<{ status: number; body: string; allow: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, path, method, headers: { host: `${HOST}:${server.port}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), allow: res.headers['allow'] }));
    });
    req.on('error', reject);
    req.end();
  });
}

function upgradeWith(server: TestServer, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/realtime`, { headers: { host: `${HOST}:${server.port}`, ...headers } });
    ws.once('open', () => { ws.terminate(); resolve(101); });
    ws.once('unexpected-response', (_req, res) => { resolve(res.statusCode ?? 0); ws.terminate(); });
    ws.once('error', () => resolve(0));
  });
}

describe('security headers of attendee pages', () => {
  let server: TestServer;
  let cookie = '';
  beforeAll(async () => {
    server = await startServer();
    const { access_token } = (await call(server, '/connect/token', form(demoLogin))).json<{ access_token: string }>();
    cookie = `ep_session=${access_token}`;
  });
  afterAll(async () => { await server?.stop(); });

  it('sends a Content-Security-Policy that forbids framing, with nosniff and a Referrer-Policy, on /login and /stage', async () => {
    for (const [path, headers] of [['/login', {}], ['/stage', { cookie }], ['/', { cookie }]] as const) {
      const res = await call(server, path, { headers });
      expect(res.status, path).toBe(200);
      expect(csp(res), path).toContain("frame-ancestors 'none'");
      expect(csp(res), path).toContain("object-src 'none'");
      // Every page lists its inline scripts' hashes: its bytes are the same for every visitor or member.
      expect(csp(res), path).toMatch(/script-src 'self'( 'sha256-[\w+/=]{44}')+;/);
      // hls.js's worker is a file of ours: workers from blob: or other hosts stay refused.
      expect(csp(res), path).toMatch(/(^|; )worker-src 'self'(;|$)/);
      expect(res.headers['x-frame-options'], path).toBe('DENY');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    }
  });

  it('lets exactly the inline scripts a signed-in page was rendered with run, by their hashes', async () => {
    const page = await call(server, '/stage', { headers: { cookie } });
    const { createHash } = await import('node:crypto');
    const inline = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\bsrc\s*=/.test(m[1] ?? ''));
    expect(inline.length).toBeGreaterThan(0);
    const hashes = new Set(inline.map(([, , body]) => createHash('sha256').update(body ?? '').digest('base64')));
    const listed = [...csp(page).matchAll(/'sha256-([\w+/=]{44})'/g)].map((m) => m[1]);
    expect(new Set(listed)).toEqual(hashes);
    expect(csp(page)).not.toContain('nonce');
  });

  it('lets only the iframe pages be framed, by any site', async () => {
    for (const path of ['/agendaIframe', '/speakersIframe']) {
      const res = await call(server, path);
      expect(res.status, path).toBe(200);
      expect(csp(res), path).toContain('frame-ancestors *');
      expect(csp(res), path).not.toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], path).toBeUndefined();
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
    }
  });

  it('sends nosniff on API answers too', async () => {
    const res = await call(server, '/api/liveEvent/publicEventInfo/demo');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('does not mark the session cookie Secure behind a proxy unless TRUST_PROXY is on', async () => {
    const res = await call(server, '/connect/token', { ...form(demoLogin), headers: { ...form({}).headers, 'x-forwarded-proto': 'https' } });
    expect(res.status).toBe(200);
    expect(String(res.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: a client cannot pick a fresh address per request', async () => {
    const ask = (i: number, address: string) => call(server, `/api/liveEvent/demo/resetPassword/spoof${i}%40example.org`, { headers: { 'x-forwarded-for': address } });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) statuses.push((await ask(i, `10.0.0.${i}`)).status);
    expect(statuses).toContain(429);
  });

  it('answers TRACE and other methods no route has with 405 and an Allow header, never a 500 or a stack trace', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'LOCK']) {
      for (const path of ['/login', '/api/liveEvent/publicEventInfo/demo', '/nowhere']) {
        const res = await rawMethod(server, method, path);
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.allow).toContain('GET');
        expect(res.body).not.toMatch(/at .*\.m?js/);
      }
    }
    // Node's parser itself refuses methods it does not know (TRACK) with a 400.
    expect((await rawMethod(server, 'TRACK', '/login')).status).toBe(400);
    expect(server.logs.join('\n')).not.toContain('HTTP method is unsupported');
  });

  it('refuses a realtime upgrade from another site\'s page and accepts its own pages and non-browser clients', async () => {
    expect(await upgradeWith(server, { origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeWith(server, { origin: 'null' })).toBe(403);
    expect(await upgradeWith(server, { origin: `http://${HOST}:${server.port}` })).toBe(101);
    expect(await upgradeWith(server, {})).toBe(101);
  });
});

describe('TRUST_PROXY', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startServer({ env: { TRUST_PROXY: '1' } }); });
  afterAll(async () => { await server?.stop(); });

  it('marks the session cookie Secure when the proxy says the client used https', async () => {
    const res = await call(server, '/connect/token', { ...form(demoLogin), headers: { ...form({}).headers, 'x-forwarded-proto': 'https' } });
    expect(res.status).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/;\s*Secure/i);
  });

  it('limits by the client address the proxy names (the right-most X-Forwarded-For entry)', async () => {
    const ask = (i: number, xff: string) => call(server, `/api/liveEvent/demo/resetPassword/venue${i}%40example.org`, { headers: { 'x-forwarded-for': xff } });
    const statuses: number[] = [];
    // A client-supplied left part does not make a new address: the proxy appends the real one.
    for (let i = 0; i < 25; i += 1) statuses.push((await ask(i, `10.9.9.${i}, 203.0.113.7`)).status);
    expect(statuses).toContain(429);
    expect((await ask(99, '198.51.100.4')).status).toBe(200);
  });

  it('accepts a realtime upgrade whose Origin is the https address the proxy serves', async () => {
    expect(await upgradeWith(server, { origin: `https://${HOST}`, 'x-forwarded-proto': 'https' })).toBe(101);
  });
});

describe('event ids are not enumerable and event texts are sanitised', () => {
  let server: TestServer;
  let f: Factories;
  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_TOKEN: 'sec-admin-token-0123456789' } });
    f = factories(server);
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  it('answers publicEventInfo for another existing event, an inactive one and an unknown id the same way', async () => {
    const other = await f.newEvent();
    const inactive = await f.newEvent({ is_active: false });
    const answers = await Promise.all([String(other.id), other.slug, String(inactive.id), '987654', 'nosuchevent'].map((id) => call(server, `/api/liveEvent/publicEventInfo/${id}`)));
    for (const res of answers) {
      expect(res.status).toBe(answers[0]!.status);
      expect(res.body).toBe(answers[0]!.body);
    }
    expect(answers[0]!.status).toBe(403);
    // The login page's own call still works.
    expect((await call(server, '/api/liveEvent/publicEventInfo/demo')).status).toBe(200);
    expect((await call(server, '/login')).status).toBe(200);
  });

  it('stores the rich event texts of an imported event sanitised, so getEventInfo carries no script', async () => {
    const evil = '<p>Hi<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a></p>';
    const file = {
      slug: 'xssconf', name: 'XSS Conference', language: 'en', timeZone: 'UTC', start: '+0d 08:00', end: '+1d 18:00',
      loginCaption: evil, aboutOnlineEvent: evil, lobbyBannerText: evil, termsText: evil,
      users: [{ email: 'x@example.org', firstName: 'X', lastName: 'Y', password: 'xss-password-1' }],
    };
    const imported = await call(server, '/api/admin/events/import', {
      method: 'POST', host: 'localhost', body: JSON.stringify(file),
      headers: { 'content-type': 'application/json', authorization: 'Bearer sec-admin-token-0123456789' },
    });
    expect(imported.status, imported.body).toBe(200);
    const row = await f.db.kysely.selectFrom('events').selectAll().where('slug', '=', 'xssconf').executeTakeFirstOrThrow();
    for (const value of [row.login_caption, row.about_online_event, row.lobby_banner_text, row.terms_text]) {
      expect(value).toContain('<p>Hi');
      expect(value).not.toMatch(/<script|onerror|javascript:/);
    }
    const login = await call(server, '/connect/token', { host: 'xssconf.localhost', ...form({ grant_type: 'password', eventId: 'xssconf', username: 'x@example.org', password: 'xss-password-1' }) });
    const info = await call(server, '/api/liveEvent/getEventInfo', { host: 'xssconf.localhost', headers: { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` } });
    expect(info.status).toBe(200);
    expect(info.body).not.toMatch(/<script|onerror|javascript:/);
  });
});
