import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { factories, type Factories } from './factories';
import { call, startServer, type TestServer } from './harness';
import { accessToken, newUser } from './login-helpers';
import { floodPings, floodSocket, rssOf } from './flood-helpers';
import { connect, insertEvent, socketsOn, upgradeStatus } from './realtime-helpers';

const ADMIN_TOKEN = 'test-admin-token';
const ANONYMOUS_PER_ADDRESS = 6;
const MB = 1024 * 1024;


/** Opens a socket without waiting for anything (the flood client never reads). */
function rawSocket(server: TestServer, host: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/realtime`, { headers: { host: `${host}:${server.port}`, ...headers } });
  ws.on('error', () => undefined);
  return new Promise((resolve, reject) => { ws.once('open', () => resolve(ws)); ws.once('unexpected-response', (_r, res) => reject(new Error(`upgrade refused with ${res.statusCode}`))); });
}

describe('realtime under abuse, without signing in', () => {
  let server: TestServer;
  let f: Factories;
  let eventId: number;
  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_TOKEN, SEED_DEMO: '0', REALTIME_ANONYMOUS_PER_ADDRESS: String(ANONYMOUS_PER_ADDRESS) } });
    f = factories(server);
    eventId = await insertEvent(server, 'flood');
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });
  /** Waits until the node holds `count` sockets of the event (a closed or shed one is gone from it, its place free). */
  const holds = (count: number) => expect.poll(() => socketsOn(server, 'flood', ADMIN_TOKEN), { timeout: 5000, interval: 50 }).toBe(count);

  it('keeps the server within 50 MB of its RSS while a client floods pings and never reads, and keeps serving', async () => {
    // Warm up the paths the flood uses, so their first-use allocations are in the baseline.
    const warm = await connect(server, 'flood.localhost');
    warm.ws.send(JSON.stringify({ type: 'ping', at: 0 }));
    await warm.next((frame) => frame.type === 'pong');
    warm.ws.close();
    expect((await call(server, '/healthz')).status).toBe(200);
    await holds(0);
    const before = rssOf(server.pid);

    const attacker = await floodSocket(server.port, 'flood.localhost');
    const { peakRss, sentBytes } = await floodPings(attacker, 4000, { pid: server.pid, abortAboveBytes: before + 400 * MB });
    attacker.destroy();
    console.info(`realtime flood: sent ${(sentBytes / MB).toFixed(1)} MB of pings; server RSS ${(before / MB).toFixed(0)} MB before, peak ${(peakRss / MB).toFixed(0)} MB`);

    expect((peakRss - before) / MB).toBeLessThan(50);
    expect((await call(server, '/healthz')).status).toBe(200);
    const other = await connect(server, 'flood.localhost');
    expect(other.frames[0]).toEqual({ type: 'welcome', eventId });
    // The flooding socket is gone from the node: only the new client is counted.
    await holds(1);
    other.ws.close();
  });

  it('closes a socket that sends frames faster than its budget (1008), and keeps one that pings within it', async () => {
    const calm = await connect(server, 'flood.localhost');
    const noisy = await connect(server, 'flood.localhost');
    for (let i = 0; i < 200 && noisy.ws.readyState === WebSocket.OPEN; i += 1) noisy.ws.send(JSON.stringify({ type: 'ping', at: i }));
    expect((await noisy.closed).code).toBe(1008);
    // Each ping waits for the last one's pong: five of a burst of twenty, every one answered.
    for (let i = 0; i < 5; i += 1) {
      calm.ws.send(JSON.stringify({ type: 'ping', at: i }));
      await calm.next((frame) => frame.type === 'pong' && frame.at === i);
    }
    expect(calm.ws.readyState).toBe(WebSocket.OPEN);
    calm.ws.close();
  });

  it('refuses anonymous sockets past the per-address cap with 429, but not signed-in ones', async () => {
    // The sockets of the tests above close asynchronously (a shed one gets 2 s): start from none.
    await holds(0);
    const open = await Promise.all(Array.from({ length: ANONYMOUS_PER_ADDRESS }, () => connect(server, 'flood.localhost')));
    expect(await upgradeStatus(server, 'flood.localhost')).toBe(429);

    const user = await newUser(f, eventId);
    const token = await accessToken(server, 'flood.localhost', 'flood', user.email, user.password);
    const signedIn = await rawSocket(server, 'flood.localhost', { cookie: `ep_session=${token}` });
    expect(signedIn.readyState).toBe(WebSocket.OPEN);
    signedIn.close();

    // A closed anonymous socket frees its place once the node let it go (the signed-in one went too).
    open[0]!.ws.close();
    await holds(ANONYMOUS_PER_ADDRESS - 1);
    expect(await upgradeStatus(server, 'flood.localhost')).toBe(101);
    for (const client of open.slice(1)) client.ws.close();
  });

  it('treats a malformed session cookie as anonymous instead of failing the upgrade', async () => {
    // The test above left the address's anonymous places full until its sockets are gone.
    await holds(0);
    const ws = await rawSocket(server, 'flood.localhost', { cookie: 'ep_session=%E0%A4%A' });
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
  });

  it('refuses an upgrade from another site’s page (403), and takes its own origin and clients that send none', async () => {
    const statusWith = (origin: string | undefined) => new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${server.port}/realtime`, { headers: { host: `flood.localhost:${server.port}` }, ...(origin ? { origin } : {}) });
      ws.once('open', () => { ws.terminate(); resolve(101); });
      ws.once('unexpected-response', (_req, res) => { resolve(res.statusCode ?? 0); ws.terminate(); });
      ws.once('error', () => resolve(0));
    });
    expect(await statusWith('https://evil.example')).toBe(403);
    expect(await statusWith(`http://other.localhost:${server.port}`)).toBe(403);
    expect(await statusWith('null')).toBe(403);
    expect(await statusWith(`http://flood.localhost:${server.port}`)).toBe(101);
    expect(await statusWith(undefined)).toBe(101);
  });
});
