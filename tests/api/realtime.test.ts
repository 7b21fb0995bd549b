import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_CLOSE, type ServerFrame } from '~/contracts/realtime';
import { call, SHARED_ADMIN_TOKEN, sharedServer, startServer, type TestServer } from './harness';
import { afterMarker, connect, insertEvent, isProbe, probe, upgradeStatus, within } from './realtime-helpers';

const ADMIN_TOKEN = SHARED_ADMIN_TOKEN;

describe('realtime on one node', () => {
  let server: TestServer;
  let alphaId: number;
  let betaId: number;
  beforeAll(async () => {
    server = await sharedServer();
    alphaId = await insertEvent(server, 'alpha');
    betaId = await insertEvent(server, 'beta');
  });
  afterAll(async () => { await server?.stop(); });

  it('welcomes a socket into its host event', async () => {
    const client = await connect(server, 'alpha.localhost');
    expect(client.frames[0]).toEqual({ type: 'welcome', eventId: alphaId });
    client.ws.close();
  });

  it('delivers a published event to every socket of that event and none of another', async () => {
    const alpha = await Promise.all([1, 2, 3].map(() => connect(server, 'alpha.localhost')));
    const beta = await Promise.all([1, 2].map(() => connect(server, 'beta.localhost')));
    const res = await probe(server, 'alpha', 41, ADMIN_TOKEN);
    expect(res.status).toBe(202);
    expect(res.json()).toMatchObject({ connections: 3 });
    for (const client of alpha) {
      const frame = await client.next(isProbe(41));
      expect(frame).toMatchObject({ type: 'event', name: 'realtime-probe', data: { seq: 41 } });
    }
    // 42 reached beta after any 41 would have; 43 reaches alpha after any 42 or second 41 would have.
    await afterMarker(server, 'beta', 42, ADMIN_TOKEN, beta);
    await afterMarker(server, 'alpha', 43, ADMIN_TOKEN, alpha);
    for (const client of beta) expect(client.frames.filter(isProbe(41))).toHaveLength(0);
    for (const client of alpha) {
      expect(client.frames.filter(isProbe(41))).toHaveLength(1);
      expect(client.frames.filter(isProbe(42))).toHaveLength(0);
    }
    for (const client of [...alpha, ...beta]) client.ws.close();
    expect(betaId).not.toBe(alphaId);
  });

  it('tells the sockets of an imported event that it changed, and no others', async () => {
    const importEvent = () => call(server, '/api/admin/events/import', {
      method: 'POST', host: 'localhost', body: readFileSync('tests/fixtures/small.event.json', 'utf8'),
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    });
    expect((await importEvent()).status).toBe(200);
    const small = await connect(server, 'smallconf.localhost');
    const other = await connect(server, 'alpha.localhost');
    const updated = await importEvent();
    expect(updated.status).toBe(200);
    const { version } = updated.json<{ version: number }>();
    const isChange = (frame: ServerFrame) => frame.type === 'event' && frame.name === 'event-change';
    expect(await small.next(isChange)).toEqual({ type: 'event', name: 'event-change', data: { version } });
    // Probes published after it: a second event-change, or one to the other event, would come first.
    await afterMarker(server, 'smallconf', 44, ADMIN_TOKEN, [small]);
    await afterMarker(server, 'alpha', 45, ADMIN_TOKEN, [other]);
    expect(small.frames.filter(isChange)).toHaveLength(1);
    expect(other.frames.filter(isChange)).toHaveLength(0);
    small.ws.close();
    other.ws.close();
  });

  it('refuses the probe without the admin token', async () => {
    expect((await probe(server, 'alpha', 1, 'wrong')).status).toBe(401);
  });

  it('answers a client ping frame with a pong carrying its time', async () => {
    const client = await connect(server, 'alpha.localhost');
    client.ws.send(JSON.stringify({ type: 'ping', at: 1234 }));
    expect(await client.next((frame) => frame.type === 'pong')).toEqual({ type: 'pong', at: 1234 });
    client.ws.close();
  });

  it('ignores malformed client frames and keeps the socket open', async () => {
    const client = await connect(server, 'alpha.localhost');
    client.ws.send('not json');
    client.ws.send(JSON.stringify({ type: 'subscribe', channel: 99 }));
    client.ws.send(Buffer.from([1, 2, 3]));
    client.ws.send(JSON.stringify({ type: 'ping', at: 7 }));
    expect(await client.next((frame) => frame.type === 'pong')).toEqual({ type: 'pong', at: 7 });
    client.ws.close();
  });

  it('closes a socket that sends a frame over the payload limit', async () => {
    const client = await connect(server, 'alpha.localhost');
    client.ws.send('x'.repeat(8192));
    expect((await client.closed).code).toBe(1009);
  });

  it('refuses an upgrade for a host that names no event', async () => {
    expect(await upgradeStatus(server, 'nosuchevent.localhost')).toBe(404);
  });

  it('refuses an upgrade on any other path', async () => {
    expect(await upgradeStatus(server, 'alpha.localhost', '/other')).toBe(404);
    // The HTTP side still answers afterwards.
    expect((await call(server, '/healthz')).status).toBe(200);
  });
});

describe('realtime heartbeat', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { REALTIME_HEARTBEAT_MS: '300', SEED_DEMO: '0' } });
    await insertEvent(server, 'zeta');
  });
  afterAll(async () => { await server?.stop(); });

  it('keeps a socket that answers pings and drops one that stops answering', async () => {
    const live = await connect(server, 'zeta.localhost');
    const dead = await connect(server, 'zeta.localhost', { autoPong: false });
    let pings = 0;
    live.ws.on('ping', () => { pings += 1; });
    await within(dead.closed, 3000, 'the socket that stopped answering pings being dropped');
    expect(pings).toBeGreaterThanOrEqual(2);
    expect(live.ws.readyState).toBe(WebSocket.OPEN);
    live.ws.close();
  });

});

describe('realtime shutdown', () => {
  // The drain's "reconnect now" (4002), not 1001: clients move to another node (docs/operations.md).
  it('closes sockets with 4002 on SIGTERM and exits 0', async () => {
    const server = await startServer({ env: { SEED_DEMO: '0' } });
    await insertEvent(server, 'gamma');
    const clients = await Promise.all([1, 2].map(() => connect(server, 'gamma.localhost')));
    const code = server.stop('SIGTERM');
    for (const client of clients) expect((await client.closed).code).toBe(REALTIME_CLOSE.reconnectNow);
    expect(await code).toBe(0);
  });
});
