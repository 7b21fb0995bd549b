import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type HttpResponse, type TestServer } from './harness';
import { login } from './login-helpers';

// See docs/http-cache.md: answers the same for every visitor are kept per host and URL and
// served to anonymous requests by server.mjs without rendering (marked `x-cache: hit`).
const DEMO = 'demo.localhost';
const CACHED = ['/agendaIframe', '/speakersIframe', '/login', '/api/liveEvent/publicEventInfo/1', '/api/liveEvent/1/liveGetIframeAgendaInfo'];

/** Headers that must not differ between a render and the cached answer to it. */
function comparable(res: HttpResponse): Record<string, unknown> {
  const { date: _date, 'x-cache': _cache, connection: _connection, 'keep-alive': _keepAlive, ...rest } = res.headers;
  return rest;
}

describe('node-local response cache', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startServer(); });
  afterAll(async () => { await server?.stop(); });

  it.each(CACHED)('serves the second anonymous GET of %s from the cache, with the same bytes and headers', async (path) => {
    const first = await call(server, `${path}?first`, { host: DEMO });
    const second = await call(server, `${path}?first`, { host: DEMO });
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(comparable(second)).toEqual(comparable(first));
  });

  it('answers HEAD and If-None-Match from the cache, and the compressed variant Accept-Encoding asks for', async () => {
    const full = await call(server, '/agendaIframe', { host: DEMO });
    const head = await call(server, '/agendaIframe', { method: 'HEAD', host: DEMO });
    expect(head.headers['x-cache']).toBe('hit');
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(full.body)));
    expect(head.headers['etag']).toBe(full.headers['etag']);

    const revalidated = await call(server, '/agendaIframe', { host: DEMO, headers: { 'if-none-match': String(full.headers['etag']) } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers['x-cache']).toBe('hit');
    expect(revalidated.headers['etag']).toBe(full.headers['etag']);
    expect(revalidated.headers['cache-control']).toBe(full.headers['cache-control']);
    expect(revalidated.body).toBe('');

    for (const [accept, coding] of [['gzip, br', 'br'], ['gzip', 'gzip']] as const) {
      const compressed = await call(server, '/agendaIframe', { host: DEMO, headers: { 'accept-encoding': accept } });
      expect(compressed.headers['x-cache']).toBe('hit');
      expect(compressed.headers['content-encoding']).toBe(coding);
      expect(compressed.headers['content-security-policy']).toBe(full.headers['content-security-policy']);
    }
  });

  it('renders every request that carries a cookie or an authorization header', async () => {
    const session = await login(server, DEMO, '1', 'attendee@demo.test', 'demo-attendee-1');
    const cookie = String(session.headers['set-cookie']).split(';')[0]!;
    await call(server, '/agendaIframe', { host: DEMO });
    for (const headers of [{ cookie }, { authorization: 'Bearer nothing' }, { cookie: 'other=1' }]) {
      const own = await call(server, '/agendaIframe', { host: DEMO, headers });
      expect(own.headers['x-cache']).toBeUndefined();
    }
    // Signed in, /login redirects: the cached anonymous page is never what a session gets.
    await call(server, '/login', { host: DEMO });
    const signedIn = await call(server, '/login', { host: DEMO, headers: { cookie } });
    expect(signedIn.headers['x-cache']).toBeUndefined();
    expect(signedIn.status).toBe(302);
  });

  it('reports what it holds and serves on /metrics', async () => {
    const metrics = (await call(server, '/metrics', { host: DEMO })).body;
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1]);
    expect(value('ep_http_page_cache_entries')).toBeGreaterThanOrEqual(CACHED.length);
    expect(value('ep_http_page_cache_bytes')).toBeGreaterThan(100_000);
    expect(value('ep_http_page_cache_hits_total')).toBeGreaterThanOrEqual(CACHED.length);
  });

  it('keeps neither errors, redirects, the probes nor pages of an unknown host', async () => {
    for (const [path, host, status] of [
      ['/api/liveEvent/1/nothing-here', DEMO, 404], ['/api/liveEvent/999/liveGetIframeAgendaInfo', DEMO, 404], ['/', DEMO, 302],
      ['/healthz', DEMO, 200], ['/readyz', DEMO, 200], ['/agendaIframe', 'nope.localhost', 404],
    ] as const) {
      await call(server, path, { host });
      const again = await call(server, path, { host });
      expect(again.status, path).toBe(status);
      expect(again.headers['x-cache'], path).toBeUndefined();
    }
  });
});
