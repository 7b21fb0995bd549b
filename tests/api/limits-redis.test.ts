import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type Factories } from './factories';
import { call, startServer, type HttpResponse, type TestServer } from './harness';
import { form, newUser } from './login-helpers';
import { setResultsPasswords } from './poll-results-helpers';
import { address as mailAddress, register, signUp } from './registration-helpers';
import { sharedNodes } from './shared-nodes';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

/*
 * Limits kept in Redis (REDIS_URL): shared by every node, and never waited on while Redis is
 * away: each node counts in its own memory meanwhile (docs/security.md "Limits").
 */

const redisUrl = process.env['TEST_REDIS_URL'];
const from = (address: string) => ({ 'x-forwarded-for': address });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe.skipIf(!redisUrl)('limits shared through Redis by two nodes', () => {
  const nodes = sharedNodes(redisUrl ?? '', { SEED_DEMO: '0', TRUST_PROXY: '1', REGISTRATION_LIMIT_PER_ADDRESS: '3' }, 'limits');

  it('count wrong results passwords from one address on every node', async () => {
    const [a, b] = nodes();
    const f = factories(a);
    try {
      const event = await f.newEvent();
      await setResultsPasswords(f, event.id);
      const connect = (node: TestServer) => call(node, '/connect/poll', {
        host: event.host, method: 'POST', headers: { 'content-type': 'application/json', ...from('203.0.113.70') }, body: JSON.stringify({ password: 'wrong-pass' }),
      });
      for (let i = 0; i < 10; i += 1) expect((await connect(i % 2 === 0 ? a : b)).status).toBe(200);
      expect((await connect(b)).status).toBe(429);
      expect((await connect(a)).status).toBe(429);
    } finally {
      await f.close();
    }
  }, 120_000);

  it('count sign-ups from one address on every node', async () => {
    const [a, b] = nodes();
    const f = factories(a);
    try {
      const event = await f.newEvent({ is_registration_open: true });
      for (let i = 0; i < 3; i += 1) expect((await register(i === 1 ? b : a, event, signUp(mailAddress()), from('203.0.113.71'))).status).toBe(202);
      const refused = await register(b, event, signUp(mailAddress()), from('203.0.113.71'));
      expect(refused.status).toBe(429);
      expect(refused.json()).toMatchObject({ error: 'registration.rate_limited' });
    } finally {
      await f.close();
    }
  }, 60_000);
});

describe.skipIf(!redisUrl)('limits while Redis is unreachable', () => {
  let proxy: TcpProxy;
  let server: TestServer;
  let f: Factories;
  beforeAll(async () => {
    const target = new URL(redisUrl ?? 'redis://127.0.0.1:6379');
    proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    target.port = String(proxy.port);
    server = await startServer({ env: { TRUST_PROXY: '1', REDIS_URL: target.toString(), REDIS_PREFIX: `ep-test-limits-down-${process.pid}-${Date.now()}:` } });
    f = factories(server);
  });
  afterAll(async () => {
    await f?.close();
    await server?.stop();
    await proxy?.close();
  });

  const login = async (username: string, password: string, address: string): Promise<{ res: HttpResponse; ms: number }> => {
    const started = performance.now();
    const res = await call(server, '/connect/token', {
      ...form({ grant_type: 'password', eventId: 'demo', username, password }), headers: { ...form({}).headers, ...from(address) },
    });
    return { res, ms: performance.now() - started };
  };

  it('answers a login without waiting on Redis, and keeps slowing the guesser in the node\'s memory', async () => {
    const user = await newUser(f, 1);
    // What a login costs here with Redis up (the password hash dominates on a busy machine).
    const up: number[] = [];
    for (let i = 0; i < 3; i += 1) up.push((await login(user.email, user.password, `198.51.100.${30 + i}`)).ms);

    proxy.cut();
    const down: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const { res, ms } = await login(user.email, 'wrong-pass', '203.0.113.80');
      expect(res.status).toBe(400);
      down.push(ms);
    }
    const limited = await login(user.email, 'wrong-pass', '203.0.113.80');
    expect(limited.res.status).toBe(429);
    expect(limited.res.json()).toMatchObject({ error: 'auth.rate_limited' });
    const owner = await login(user.email, user.password, '198.51.100.40');
    expect(owner.res.status).toBe(200);
    down.push(owner.ms);
    expect(median(down), `up ${up.map(Math.round).join(', ')} ms; down ${down.map(Math.round).join(', ')} ms`).toBeLessThan(median(up) + 1000);
    expect(Math.max(...down)).toBeLessThan(Math.max(...up) + 1500);
    expect(server.logs.some((line) => line.includes('limits counted per node'))).toBe(true);

    proxy.restore();
  }, 120_000);
});
