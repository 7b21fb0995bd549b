import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from './harness';
import { accessToken } from './login-helpers';

// docs/http-cache.md and docs/security.md "Host": a kept answer is found only by a key of its own
// audience, which no request field can spell, and a Host that is not a host name is refused (400)
// before any lookup. The third review read the organiser's /console without a cookie by sending
// `Host: member demo.localhost:PORT` (the member key was the text "member " before a visitor's key).
const DEMO = 'demo.localhost';

/** Every kept page and call, by the audience it is kept for. */
const KEPT = {
  organiser: ['/console'],
  member: ['/', '/stage', '/webapp', '/sponsor/1', '/stage/panel/participants', '/webapp/panel/agenda', '/api/liveEvent/getEventInfo', '/api/liveEvent/1/liveGetSpeakerInfo'],
  visitor: ['/agendaIframe', '/speakersIframe', '/login', '/api/liveEvent/publicEventInfo/1'],
} as const;

/** Host values that are not a host name: each is refused before any lookup. */
const malformedHosts = (port: number): string[] => [
  `member demo.localhost:${port}`, `member%20demo.localhost:${port}`, `demo%2Elocalhost:${port}`, `demo.localhost:${port}, demo.localhost:${port}`,
  `demo.localhost:${port}/console`, `user@demo.localhost:${port}`, `member\tdemo.localhost:${port}`, `demo..localhost:${port}`, '[::1',
  `organiser demo.localhost:${port}`, `visitor demo.localhost:${port}`, `["member","demo.localhost:${port}"]`,
];

/** A request written byte by byte, for what node:http will not send (two Host headers). */
function rawRequest(server: TestServer, head: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () => socket.write(`${head}\r\nConnection: close\r\n\r\n`));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => { text += chunk; });
    socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }));
    socket.on('error', reject);
  });
}

describe('kept answers and the Host header', () => {
  let server: TestServer;
  let organiser: string;
  let member: string;
  const tokenOf = (audience: string) => (audience === 'organiser' ? organiser : audience === 'member' ? member : undefined);
  const audienceOf = (path: string) => Object.entries(KEPT).find(([, paths]) => (paths as readonly string[]).includes(path))![0];

  const as = (token: string | undefined, path: string, host: string, headers: Record<string, string> = {}) => call(server, path, {
    headers: { host, ...(token ? { cookie: `ep_session=${token}` } : {}), ...headers },
  });

  /** The answer kept for `path`'s own audience, asked until it comes from the cache (so a forged request meets a full entry). */
  async function primed(path: string): Promise<string> {
    const host = `${DEMO}:${server.port}`;
    let res = await as(tokenOf(audienceOf(path)), path, host);
    if (res.headers['x-cache'] !== 'hit') res = await as(tokenOf(audienceOf(path)), path, host);
    expect(res.status, path).toBe(200);
    expect(res.headers['x-cache'], path).toBe('hit');
    return res.body;
  }

  beforeAll(async () => {
    server = await startServer();
    organiser = await accessToken(server, DEMO, 'demo', 'organiser@demo.test', 'demo-organiser-1');
    member = await accessToken(server, DEMO, 'demo', 'attendee@demo.test', 'demo-attendee-1');
  });
  afterAll(async () => { await server?.stop(); });

  it('refuses a malformed Host with 400 for every kept page, as a visitor, a member and an organiser', async () => {
    for (const path of [...KEPT.organiser, ...KEPT.member, ...KEPT.visitor]) {
      const body = await primed(path);
      for (const token of [undefined, member, organiser]) {
        for (const host of malformedHosts(server.port)) {
          const res = await as(token, path, host);
          expect(res.body === body, `${path} Host ${JSON.stringify(host)} served the kept answer`).toBe(false);
          expect(res.status, `${path} Host ${JSON.stringify(host)}`).toBe(400);
          expect(res.headers['x-cache']).toBeUndefined();
          expect(res.json<{ error: string }>().error).toBe('request.bad_host');
        }
      }
    }
  });

  it('never serves an organiser answer to a member, nor a member answer to a visitor, whatever the Host spells', async () => {
    const port = server.port;
    // Valid hosts that name the same event differently, and a forwarded host no node reads without a proxy (nor with one).
    const spellings: Array<[string, Record<string, string>]> = [
      [`DEMO.localhost:${port}`, {}], [`demo.localhost.:${port}`, {}], [`demo.localhost:${port} `, {}], [` demo.localhost:${port}`, {}],
      [`demo.localhost:0${port}`, {}], [`127.0.0.1:${port}`, { 'x-forwarded-host': `member demo.localhost:${port}` }],
      [`demo.localhost:${port}`, { 'x-forwarded-host': `member demo.localhost:${port}` }],
      [`demo.localhost:${port}`, { 'x-forwarded-host': `organiser.localhost:${port}`, referer: `http://demo.localhost:${port}/webapp` }],
    ];
    for (const path of [...KEPT.organiser, ...KEPT.member]) {
      const body = await primed(path);
      for (const [host, headers] of spellings) {
        const visitor = await as(undefined, path, host, headers);
        expect(visitor.body === body || visitor.headers['x-cache'] === 'hit', `visitor ${path} Host ${JSON.stringify(host)} ${JSON.stringify(headers)}`).toBe(false);
        if (audienceOf(path) !== 'organiser') continue;
        const attendee = await as(member, path, host, headers);
        expect(attendee.body === body || attendee.headers['x-cache'] === 'hit', `member ${path} Host ${JSON.stringify(host)} ${JSON.stringify(headers)}`).toBe(false);
      }
    }
  });

  it('refuses two Host headers, an absolute request target and an upgrade with a malformed Host', async () => {
    const port = server.port;
    const doubled = await rawRequest(server, `GET /console HTTP/1.1\r\nHost: member\r\nHost: demo.localhost:${port}`);
    expect(doubled.status).toBe(400);
    const twice = await rawRequest(server, `GET / HTTP/1.1\r\nHost: demo.localhost:${port}\r\nHost: demo.localhost:${port}\r\nCookie: ep_session=${member}`);
    expect(twice.status).toBe(400);
    const absolute = await rawRequest(server, `GET http://demo.localhost:${port}/console HTTP/1.1\r\nHost: member demo.localhost:${port}`);
    expect(absolute.status).toBe(400);
    const absoluteOnly = await rawRequest(server, `GET http://member%20demo.localhost:${port}/console HTTP/1.1\r\nHost: demo.localhost:${port}`);
    expect(absoluteOnly.status).toBe(400);
    expect(absoluteOnly.text).not.toContain('x-cache: hit');
    const noHost = await rawRequest(server, 'GET /console HTTP/1.0');
    expect(noHost.status).toBe(400);
    const emptyHost = await rawRequest(server, `GET / HTTP/1.1\r\nHost: \r\nCookie: ep_session=${member}`);
    expect(emptyHost.status).toBe(400);
    const upgrade = await rawRequest(server, [
      'GET /realtime HTTP/1.1', `Host: member demo.localhost:${port}`, 'Upgrade: websocket', 'Connection: Upgrade',
      'Sec-WebSocket-Version: 13', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    ].join('\r\n'));
    expect(upgrade.status).toBe(400);
  });

  it('answers the probes under any valid Host, and refuses them without one like every other request', async () => {
    for (const path of ['/healthz', '/readyz']) {
      for (const host of ['localhost', '10.0.0.7:8080', 'nope.localhost', '[::1]:80']) expect((await as(undefined, path, host)).status, `${path} ${host}`).toBe(200);
      expect((await rawRequest(server, `GET ${path} HTTP/1.0`)).status).toBe(400);
      expect((await rawRequest(server, `GET ${path} HTTP/1.1\r\nHost: `)).status).toBe(400);
      expect((await as(undefined, path, 'member demo.localhost')).status).toBe(400);
    }
  });

  it('serves each audience its own kept answer under a valid Host, and the organiser answer to an organiser only', async () => {
    for (const path of [...KEPT.organiser, ...KEPT.member, ...KEPT.visitor]) await primed(path);
    const host = `${DEMO}:${server.port}`;
    const forMember = await as(member, '/console', host);
    expect(forMember.status).toBe(403);
    expect(forMember.headers['x-cache']).toBeUndefined();
  });
});
