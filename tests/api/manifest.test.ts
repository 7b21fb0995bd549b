import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from './harness';

interface Manifest { name: string; short_name: string; start_url: string; scope: string; display: string; id: string; icons: { src: string; sizes: string; type: string; purpose: string }[]; theme_color: string; background_color: string }

/** The width and height a PNG declares in its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A GET that keeps the body as bytes (call() reads text). */
function getBytes(server: TestServer, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port: server.port, path, headers: { host: `demo.localhost:${server.port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject).end();
  });
}

describe('web app manifest (docs/product.md §7 manifest, manifest/me)', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer();
    const res = await call(server, '/connect/token', {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&eventId=demo&username=attendee%40demo.test&password=demo-attendee-1',
    });
    token = res.json<{ access_token: string }>().access_token;
  });
  afterAll(async () => { await server?.stop(); });

  it('serves the event manifest publicly with the lobby as start page and a short name cut at a word', async () => {
    const res = await call(server, '/api/liveEvent/1/manifest');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    const manifest = res.json<Manifest>();
    expect(manifest).toMatchObject({ name: 'Northern Lights Summit', start_url: '/', scope: '/', id: '/', display: 'standalone', theme_color: '#ffffff', background_color: '#eef3f7' });
    // "Northern Lights" is 15 characters: the short name keeps the whole words that fit in 12.
    expect(manifest.short_name).toBe('Northern');
  });

  it('lists icons of 192 and 512 px, plain and maskable, drawn for this event version', async () => {
    const { icons } = (await call(server, '/api/liveEvent/1/manifest')).json<Manifest>();
    expect(icons.map(({ sizes, purpose, type }) => `${sizes} ${purpose} ${type}`)).toEqual([
      '192x192 any image/png', '512x512 any image/png', '192x192 maskable image/png', '512x512 maskable image/png',
    ]);
    for (const icon of icons) expect(icon.src).toMatch(/^\/api\/liveEvent\/1\/manifest\/icons\/(any|maskable)-(192|512)\.png\?v=\d+$/);
  });

  it('draws each icon as a PNG of its size, cacheable, and answers a repeat with 304', async () => {
    const { icons } = (await call(server, '/api/liveEvent/1/manifest')).json<Manifest>();
    for (const icon of icons) {
      const res = await getBytes(server, icon.src);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      const side = Number(icon.sizes.split('x')[0]);
      expect(pngSize(res.body)).toEqual({ width: side, height: side });
      const again = await getBytes(server, icon.src, { 'if-none-match': String(res.headers.etag) });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    }
  });

  it('gives a maskable icon an opaque background (the launcher may crop it to any shape)', async () => {
    const res = await getBytes(server, '/api/liveEvent/1/manifest/icons/maskable-192.png');
    const { default: sharp } = await import('sharp');
    const { data } = await sharp(res.body).raw().toBuffer({ resolveWithObject: true });
    // The top-left pixel lies outside the safe zone: filled, not transparent.
    expect(data[3]).toBe(255);
  });

  it('answers an unknown icon name or size with 404 and another event with 403', async () => {
    for (const name of ['any-100.png', 'maskable-512.jpg', 'round-192.png', '..%2Fsecret']) {
      const res = await call(server, `/api/liveEvent/1/manifest/icons/${name}`);
      expect(res.status, name).toBe(404);
    }
    expect((await call(server, '/api/liveEvent/1/manifest/icons/any-100.png')).json()).toMatchObject({ error: 'icon.not_found' });
    expect((await call(server, '/api/liveEvent/2/manifest/icons/any-192.png')).status).toBe(403);
  });

  it('accepts the event slug in the path', async () => {
    expect((await call(server, '/api/liveEvent/demo/manifest')).status).toBe(200);
  });

  it('refuses an event id that is not the host event with 403', async () => {
    const res = await call(server, '/api/liveEvent/2/manifest');
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ error: 'event.wrong_event' });
    expect((await call(server, '/api/liveEvent/2/manifest/me', { headers: { authorization: `Bearer ${token}` } })).status).toBe(403);
  });

  it('answers an unknown host with 404', async () => {
    expect((await call(server, '/api/liveEvent/1/manifest', { host: 'nosuchevent.localhost' })).status).toBe(404);
  });

  it('personalises start_url by the attendee platform on manifest/me', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const digital = await call(server, '/api/liveEvent/1/manifest/me?platform=digital', { headers });
    expect(digital.status).toBe(200);
    expect(digital.headers['cache-control']).toBe('private, no-store');
    expect(digital.json<Manifest>().start_url).toBe('/');
    const inPerson = await call(server, '/api/liveEvent/1/manifest/me?platform=webApp', { headers });
    expect(inPerson.json<Manifest>().start_url).toBe('/webapp');
    expect((await call(server, '/api/liveEvent/1/manifest/me', { headers })).json<Manifest>().start_url).toBe('/');
  });

  it('needs a login for manifest/me: 401 without one or with a bad token', async () => {
    expect((await call(server, '/api/liveEvent/1/manifest/me')).status).toBe(401);
    expect((await call(server, '/api/liveEvent/1/manifest/me', { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
  });

  it('rejects an unknown platform with 400 naming the field', async () => {
    const res = await call(server, '/api/liveEvent/1/manifest/me?platform=moon', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('platform');
  });

  it('serves the Workbox service worker, always revalidated, with the app shell listed in it', async () => {
    const sw = await call(server, '/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.body).toContain('workbox');
    expect(sw.body).not.toContain('self.__WB_MANIFEST');
    expect(sw.body).toMatch(/"?url"?:"_astro\/[^"]+\.js"/);
    expect(sw.body).toContain('"ep-offline-"');
  });

  it('links the manifest from the stage, the web app, the ticket and the login page', async () => {
    const cookie = { cookie: `ep_session=${token}` };
    const login = await call(server, '/login');
    expect(login.body).toContain('<link rel="manifest" href="/api/liveEvent/1/manifest">');
    for (const [path, platform] of [['/stage', 'digital'], ['/webapp', 'webApp'], ['/', 'digital']] as const) {
      const page = await call(server, path, { headers: cookie });
      expect(page.status, path).toBe(200);
      expect(page.body, path).toContain(`href="/api/liveEvent/1/manifest/me?platform=${platform}"`);
    }
  });
});
