import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_ADMIN_TOKEN, sharedServer, type TestServer } from './harness';
import { accessToken, bearer } from './login-helpers';

const ADMIN_TOKEN = SHARED_ADMIN_TOKEN;

interface Raw { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** A GET whose body stays bytes (the harness's call() decodes it as UTF-8). */
function get(server: TestServer, path: string, host: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, path, headers: { host: `${host}:${server.port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function post(server: TestServer, path: string, body: unknown): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = httpRequest({ host: '127.0.0.1', port: server.port, path, method: 'POST', headers: { host: `localhost:${server.port}`, 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}`, 'content-length': Buffer.byteLength(text) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(text);
  });
}

const header = (res: Raw, name: string) => String(res.headers[name] ?? '');

/** HTTP caching of public pages and calls (docs/performance.md "HTTP"). */
describe('HTTP caching: ETag, 304, Cache-Control and compressed bodies', () => {
  let server: TestServer;
  const slug = `cache${process.pid.toString(36)}`;
  const host = `${slug}.localhost`;
  const password = 'cache-password-1';
  const eventFile = (title: string) => ({
    slug, name: 'Cache Conf', timeZone: 'Europe/Oslo', start: 'now-1h', end: '+1d 17:00',
    // The chat and the agenda are on: their lists are among the signed-in answers checked below.
    features: { stageChatEnabled: true, stageTabAgenda: true },
    users: [{ email: `ann@${slug}.test`, firstName: 'Ann', lastName: 'Attendee', password }],
    speakers: [{ key: 'grace', firstName: 'Grace', lastName: 'Hopper', description: 'A pioneer of compilers. '.repeat(80) }],
    sessions: [
      { key: 'opening', title, description: `<p>${'Welcome to the opening. '.repeat(80)}</p>`, start: '+0d 09:00', end: '+0d 10:00', speakers: ['grace'], seatLimit: 50 },
      { key: 'closing', title: 'Closing', start: '+0d 16:00', end: '+0d 17:00' },
    ],
  });
  let eventId = 0;
  let token = '';

  beforeAll(async () => {
    server = await sharedServer();
    const imported = await post(server, '/api/admin/events/import', eventFile('Opening'));
    expect(imported.status, imported.body.toString()).toBe(200);
    const info = await get(server, `/api/liveEvent/publicEventInfo/${slug}`, host);
    eventId = (JSON.parse(info.body.toString()) as { eventId: number }).eventId;
    token = await accessToken(server, host, slug, `ann@${slug}.test`, password);
  });
  afterAll(async () => { await server?.stop(); });

  const publicPaths = () => [
    '/agendaIframe', '/speakersIframe', '/login',
    `/api/liveEvent/publicEventInfo/${eventId}`,
    `/api/liveEvent/${eventId}/liveGetIframeAgendaInfo`,
    `/api/liveEvent/${eventId}/liveGetIframeSpeakerInfo`,
  ];

  it('gives each public page and call a strong ETag, the same for every visitor, and answers 304 to it', async () => {
    for (const path of publicPaths()) {
      const first = await get(server, path, host);
      expect(first.status, path).toBe(200);
      const etag = header(first, 'etag');
      expect(etag, path).toMatch(/^"[\w-]{16,}"$/);
      const second = await get(server, path, host);
      expect(header(second, 'etag'), path).toBe(etag);
      expect(second.body.equals(first.body), path).toBe(true);

      const revalidated = await get(server, path, host, { 'if-none-match': etag });
      expect(revalidated.status, path).toBe(304);
      expect(revalidated.body.length, path).toBe(0);
      expect(header(revalidated, 'etag'), path).toBe(etag);
      expect(header(revalidated, 'cache-control'), path).toBe(header(first, 'cache-control'));
      expect((await get(server, path, host, { 'if-none-match': `"other", W/${etag}` })).status, path).toBe(304);
      expect((await get(server, path, host, { 'if-none-match': '"stale"' })).status, path).toBe(200);
    }
  });

  it('lets a CDN keep public calls and iframe pages briefly; the login page only revalidates, privately', async () => {
    for (const path of publicPaths().filter((p) => p !== '/login')) {
      const policy = header(await get(server, path, host), 'cache-control');
      expect(policy, path).toMatch(/^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+$/);
    }
    expect(header(await get(server, '/login', host), 'cache-control')).toBe('private, no-cache');
  });

  it('never makes a signed-in answer public, nor gives a personal one an ETag', async () => {
    const signedIn = [
      `/api/liveEvent/${eventId}/liveGetAgendaInfo`, `/api/liveEvent/${eventId}/liveGetSpeakerInfo`,
      `/api/liveEvent/${eventId}/getOwnUserInfoFromSession`, `/api/liveEvent/${eventId}/liveGetAgendaInfo/bookedSessions`,
      '/api/liveEvent/getEventInfo', `/api/liveEvent/${eventId}/chat`,
    ];
    for (const path of signedIn) {
      const res = await get(server, path, host, bearer(token));
      expect(res.status, path).toBe(200);
      expect(header(res, 'cache-control'), path).toMatch(/^private, (no-store|no-cache)/);
      expect(header(res, 'etag'), path).toBe('');
    }
    // Pages the same for every member: private (only after the session check), with an ETag to revalidate.
    for (const path of ['/stage', '/webapp']) {
      const res = await get(server, path, host, { cookie: `ep_session=${token}` });
      expect(res.status, path).toBe(200);
      expect(header(res, 'cache-control'), path).toBe('private, no-cache');
      expect(header(res, 'etag'), path).toMatch(/^"[\w-]{22}"$/);
      expect(header(res, 'content-security-policy'), path).not.toMatch(/'nonce-/);
    }
  });

  it('lists the hashes of a public page\'s inline scripts in its CSP instead of a nonce', async () => {
    const page = await get(server, '/login', host);
    const csp = header(page, 'content-security-policy');
    expect(csp).not.toContain('nonce-');
    const { createHash } = await import('node:crypto');
    const inline = [...page.body.toString('utf8').matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\bsrc\s*=/.test(m[1] ?? ''));
    expect(inline.length).toBeGreaterThan(0);
    for (const [, , body] of inline) expect(csp).toContain(`'sha256-${createHash('sha256').update(body ?? '').digest('base64')}'`);
  });

  it('sends a gzip or br body that decodes to the same bytes, with the same ETag (none below 1 kB)', async () => {
    for (const path of publicPaths()) {
      const plain = await get(server, path, host);
      if (plain.body.length < 1024) {
        expect(header(await get(server, path, host, { 'accept-encoding': 'gzip, br' }), 'content-encoding'), path).toBe('');
        continue;
      }
      for (const [accept, encoding, decode] of [['gzip', 'gzip', gunzipSync], ['gzip, deflate, br', 'br', brotliDecompressSync], ['br;q=0, gzip', 'gzip', gunzipSync]] as const) {
        const res = await get(server, path, host, { 'accept-encoding': accept });
        expect(res.status, `${path} ${accept}`).toBe(200);
        expect(header(res, 'content-encoding'), `${path} ${accept}`).toBe(encoding);
        expect(header(res, 'vary'), path).toMatch(/accept-encoding/i);
        expect(Number(header(res, 'content-length')), path).toBe(res.body.length);
        expect(res.body.length, path).toBeLessThan(plain.body.length);
        expect(decode(res.body).equals(plain.body), `${path} ${accept}`).toBe(true);
        expect(header(res, 'etag'), path).toBe(header(plain, 'etag'));
      }
    }
  });

  it('gives a new ETag once the event changes (re-import), and the old one no longer answers 304', async () => {
    const paths = [`/api/liveEvent/${eventId}/liveGetIframeAgendaInfo`, '/agendaIframe'];
    const before = await Promise.all(paths.map((path) => get(server, path, host)));
    const reimported = await post(server, '/api/admin/events/import', eventFile('Opening, renamed'));
    expect(reimported.status, reimported.body.toString()).toBe(200);
    for (const [i, path] of paths.entries()) {
      const old = header(before[i]!, 'etag');
      const after = await get(server, path, host, { 'if-none-match': old });
      expect(after.status, path).toBe(200);
      expect(header(after, 'etag'), path).not.toBe(old);
      expect(after.body.toString(), path).toContain('Opening, renamed');
    }
  });
});
