import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { factories } from './factories';
import { call, dropDatabase, freshDatabaseUrl, startServer, type TestServer } from './harness';
import { accessToken, bearer, newUser } from './login-helpers';
import { afterMarker, connect, insertEvent, isProbe, probe, within } from './realtime-helpers';

const ADMIN_TOKEN = 'test-admin-token';
// The embedded default never needs Redis; CI (and anyone with a Redis) sets TEST_REDIS_URL.
const REDIS_URL = process.env['TEST_REDIS_URL'];

describe.skipIf(!REDIS_URL)('realtime across two nodes sharing Redis', () => {
  let nodeA: TestServer;
  let nodeB: TestServer;
  let databaseUrl: string | undefined;
  let deltaId: number;
  const dataDir = mkdtempSync(join(tmpdir(), 'ep-realtime-'));

  beforeAll(async () => {
    databaseUrl = await freshDatabaseUrl();
    // A prefix of our own keeps parallel test runs on the same Redis apart.
    const env = {
      ADMIN_TOKEN, SEED_DEMO: '0', REDIS_URL: REDIS_URL ?? '',
      REDIS_PREFIX: `ep-test-${process.pid}-${Date.now()}:`,
    };
    const shared = { env, dataDir, ...(databaseUrl ? { databaseUrl } : {}) };
    // One after the other: the first migrates the shared database.
    nodeA = await startServer(shared);
    nodeB = await startServer(shared);
    deltaId = await insertEvent(nodeA, 'delta');
    await insertEvent(nodeA, 'epsilon');
  });

  afterAll(async () => {
    await nodeA?.stop();
    await nodeB?.stop();
    await dropDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers what node B publishes to sockets on node A and B, exactly once each', async () => {
    const onA = await connect(nodeA, 'delta.localhost');
    const onB = await connect(nodeB, 'delta.localhost');
    const otherEvent = await connect(nodeA, 'epsilon.localhost');
    expect((await probe(nodeB, 'delta', 7, ADMIN_TOKEN)).status).toBe(202);
    await onA.next(isProbe(7));
    await onB.next(isProbe(7));
    // Redis hands every subscriber the messages in the order it took them: a second copy of 7, or
    // a 7 for the other event, would reach these sockets before the probes published after it.
    await afterMarker(nodeB, 'delta', 70, ADMIN_TOKEN, [onA, onB]);
    await afterMarker(nodeB, 'epsilon', 71, ADMIN_TOKEN, [otherEvent]);
    expect(onA.frames.filter(isProbe(7))).toHaveLength(1);
    expect(onB.frames.filter(isProbe(7))).toHaveLength(1);
    expect(otherEvent.frames.filter(isProbe(7))).toHaveLength(0);
    for (const client of [onA, onB, otherEvent]) client.ws.close();
  });

  it('delivers what node A publishes to sockets on node B', async () => {
    const onB = await connect(nodeB, 'epsilon.localhost');
    await probe(nodeA, 'epsilon', 8, ADMIN_TOKEN);
    await onB.next(isProbe(8));
    await afterMarker(nodeA, 'epsilon', 80, ADMIN_TOKEN, [onB]);
    expect(onB.frames.filter(isProbe(8))).toHaveLength(1);
    onB.ws.close();
  });

  it('closes the sockets of a session logged out on node A that are open on node B', async () => {
    const f = factories(nodeA);
    const user = await newUser(f, deltaId);
    await f.close();
    const token = await accessToken(nodeA, 'delta.localhost', 'delta', user.email, user.password);
    const ws = new WebSocket(`ws://127.0.0.1:${nodeB.port}/realtime`, { headers: { host: `delta.localhost:${nodeB.port}`, cookie: `ep_session=${token}` } });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise((resolve) => ws.once('message', resolve));
    expect((await call(nodeA, '/connect/logout', { method: 'POST', host: 'delta.localhost', headers: bearer(token) })).status).toBe(204);
    expect(await within(closed, 3000, 'the socket on node B of the session logged out on node A closing')).toBe(4001);
  });
});
