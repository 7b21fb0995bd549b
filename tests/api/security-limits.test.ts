import { readdirSync } from 'node:fs';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type Factories } from './factories';
import { call, startServer, type TestServer } from './harness';
import { holdFor } from '../hold';
import { form, json, newLink, newUser, onceLifted, outboxWith } from './login-helpers';

/*
 * Failed logins slow down per (account, address) pair with growing delays
 * instead of locking the owner out; a venue's shared address is not locked by strangers'
 * typos; counters live in Redis when REDIS_URL is set; recovery answers in the same time
 * whether or not the account exists; getTwoFactorPin sends nothing when two-factor is off.
 */

const HOST = 'demo.localhost';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Mann–Whitney U as a z score: how far apart two samples' ranks are. |z| < 3.3 means the two
 * could come from one distribution (p > 0.001, two-sided). Rank-based, so the odd slow request
 * on a shared machine does not decide it the way it would a mean.
 */
function rankSumZ(a: number[], b: number[]): number {
  const all = [...a.map((v) => ({ v, first: true })), ...b.map((v) => ({ v, first: false }))].sort((x, y) => x.v - y.v);
  let rankSum = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]!.v === all[i]!.v) j += 1;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k += 1) if (all[k]!.first) rankSum += rank;
    i = j + 1;
  }
  const [n1, n2] = [a.length, b.length];
  const u = rankSum - (n1 * (n1 + 1)) / 2;
  return (u - (n1 * n2) / 2) / Math.sqrt((n1 * n2 * (n1 + n2 + 1)) / 12);
}
const from = (address: string) => ({ 'x-forwarded-for': address });
const attempt = (server: TestServer, username: string, password: string, address: string) =>
  call(server, '/connect/token', { ...form({ grant_type: 'password', eventId: 'demo', username, password }), headers: { ...form({}).headers, ...from(address) } });

describe('failed-login limits (TRUST_PROXY on, so each test picks its addresses)', () => {
  let server: TestServer;
  let f: Factories;
  beforeAll(async () => {
    server = await startServer({ env: { TRUST_PROXY: '1' } });
    f = factories(server);
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  it('does not lock the owner out when a stranger fails ten times on their account', async () => {
    const speaker = await newUser(f, 1);
    for (let i = 0; i < 10; i += 1) await attempt(server, speaker.email, 'guess-guess', '203.0.113.10');
    const owner = await attempt(server, speaker.email, speaker.password, '198.51.100.20');
    expect(owner.status).toBe(200);
  });

  it('slows one address guessing one account with growing delays (429 + Retry-After), not a 15-minute lock', async () => {
    const user = await newUser(f, 1);
    const address = '203.0.113.11';
    for (let i = 0; i < 5; i += 1) expect((await attempt(server, user.email, 'wrong-pass', address)).status).toBe(400);
    const waits: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const blocked = await attempt(server, user.email, 'wrong-pass', address);
      expect(blocked.status).toBe(429);
      expect(blocked.json()).toMatchObject({ error: 'auth.rate_limited' });
      const wait = Number(blocked.headers['retry-after']);
      waits.push(wait);
      // Once the named wait is over the next wrong guess is taken (and judged) again.
      expect((await onceLifted(() => attempt(server, user.email, 'wrong-pass', address), wait)).status).toBe(400);
    }
    expect(waits).toEqual([1, 2, 4]);
    // The right password waits like any other (the next wait is 8 s), then works and clears the pair's count.
    const refused = await attempt(server, user.email, user.password, address);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('8');
    expect((await onceLifted(() => attempt(server, user.email, user.password, address), 8)).status).toBe(200);
    expect((await attempt(server, user.email, 'wrong-pass', address)).status).toBe(400);
  }, 90_000);

  it('does not lock a venue\'s shared address after 40 strangers\' failures on 40 accounts', async () => {
    const venue = '192.0.2.50';
    for (let i = 0; i < 40; i += 1) await attempt(server, `typo${i}@example.org`, 'wrong-pass', venue);
    const user = await newUser(f, 1);
    expect((await attempt(server, user.email, user.password, venue)).status).toBe(200);
  }, 90_000);

  it('slows guessing of one account spread over many addresses with a looser per-account limit, but not the owner at home', async () => {
    const user = await newUser(f, 1);
    expect((await attempt(server, user.email, user.password, '198.51.100.77')).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await attempt(server, user.email, 'spray-guess', `10.20.${i}.1`)).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(statuses.slice(20)).toContain(429);
    const blocked = await attempt(server, user.email, 'spray-guess', '10.21.0.1');
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The address the owner logged in from before is not held back by strangers' guesses.
    expect((await attempt(server, user.email, user.password, '198.51.100.77')).status).toBe(200);
  }, 90_000);

  it('answers password recovery in the same time whether or not the account exists', async () => {
    const known = await Promise.all(Array.from({ length: 12 }, () => newUser(f, 1)));
    const timeOf = async (email: string, address: string) => {
      const started = performance.now();
      const res = await call(server, `/api/liveEvent/demo/resetPassword/${encodeURIComponent(email)}`, { headers: from(address) });
      expect(res.status).toBe(200);
      return performance.now() - started;
    };
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    // Bursts of three (the per-account budget), as an attacker would send them: work a request
    // leaves running slows the next ones, so it must be the same for both kinds of account.
    const burst = async (email: string, tag: string, into: number[]) => {
      for (let j = 0; j < 3; j += 1) {
        const time = await timeOf(email, `100.64.${tag}.${j}`);
        if (j > 0) into.push(time);
      }
      // Deliberate pause between bursts: the hashing a burst leaves running ends before the next
      // burst is timed. It leaves no trace for an unknown account (by design: nothing may tell the
      // two apart), so there is nothing to wait for; a hash takes well under 400 ms.
      await holdFor(400);
    };
    for (const [i, user] of known.entries()) {
      const kinds = [() => burst(user.email, `${i * 2}`, knownTimes), () => burst(`nobody${i}@example.org`, `${i * 2 + 1}`, unknownTimes)];
      // Alternate which goes first, so load on the machine hits both alike.
      for (const run of i % 2 === 0 ? kinds : kinds.reverse()) await run();
    }
    const [k, u, z] = [median(knownTimes), median(unknownTimes), rankSumZ(knownTimes, unknownTimes)];
    // Before the fix only a real account's request left a password hashing behind it (the review: 191 ms vs 90 ms).
    expect(Math.abs(z), `median known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms, z ${z.toFixed(2)}`).toBeLessThan(3.3);
  }, 120_000);
});

describe('body limits from the route table', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startServer(); });
  afterAll(async () => { await server?.stop(); });

  // Sent chunked, without a Content-Length: the guard has no size to refuse, so the reader must cut the stream.
  const chunked = (path: string, bytes: number) => call(server, path, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' },
    body: `grant_type=password&username=${'a'.repeat(bytes)}`,
  });

  it('cuts a chunked body at the limit its route declares, small (8 kB) or the form default (256 kB)', async () => {
    const poll = await chunked('/connect/poll', 20 * 1024);
    expect(poll.status).toBe(413);
    expect(poll.json()).toMatchObject({ error: 'request.too_large', field: 'body', maxBytes: 8 * 1024 });
    const token = await chunked('/connect/token', 300 * 1024);
    expect(token.status).toBe(413);
    expect(token.json()).toMatchObject({ error: 'request.too_large', maxBytes: 256 * 1024 });
    // Under its limit the same body is read and judged on its fields.
    expect((await chunked('/connect/poll', 1024)).status).toBe(400);
  });
});

describe('two-factor pins', () => {
  let server: TestServer;
  let f: Factories;
  beforeAll(async () => { server = await startServer(); f = factories(server); });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  it('sends no text and answers 400 when the event has two-factor login off', async () => {
    const user = await newUser(f, 1, { phone: '+47 955 77 001' });
    const res = await call(server, `/demo/api.php?module=authentication&method=getTwoFactorPin&useremail=${encodeURIComponent(user.email)}`, { host: HOST });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ error: 'auth.two_factor_off' });
    // A login link texted to the same phone afterwards is the marker: a pin sent by the call
    // above would be in the outbox before it.
    const resend = await call(server, '/api/Registration/1/passwordless/resend', { host: HOST, ...json({ deliveryMethod: 'sms', payload: await newLink(f, 1, user.id) }) });
    expect(resend.status).toBe(200);
    expect((await outboxWith(server, '+4795577001', 'json')).map((text) => JSON.parse(text).kind)).toEqual(['loginLink']);
    const texts = readdirSync(join(server.dataDir, 'outbox')).filter((n) => n.endsWith('.json'));
    expect(texts).toHaveLength(1);
  });
});

const redisUrl = process.env['TEST_REDIS_URL'];

describe.skipIf(!redisUrl)('failed-login counters in Redis', () => {
  const prefix = `ep-test-limits-${process.pid}-${Date.now()}:`;
  const env = { REDIS_URL: redisUrl ?? '', REDIS_PREFIX: prefix, TRUST_PROXY: '1' };

  it('are shared by two nodes', async () => {
    const first = await startServer({ env });
    const second = await startServer({ env, dataDir: first.dataDir, ...(first.databaseUrl ? { databaseUrl: first.databaseUrl } : {}) });
    try {
      for (let i = 0; i < 5; i += 1) expect((await attempt(first, 'shared@example.org', 'wrong-pass', '203.0.113.99')).status).toBe(400);
      expect((await attempt(second, 'shared@example.org', 'wrong-pass', '203.0.113.99')).status).toBe(429);
    } finally {
      await second.stop();
      await first.stop();
    }
  }, 60_000);

  it('survive a restart', async () => {
    const ask = (server: TestServer) => call(server, '/api/liveEvent/demo/resetPassword/restart%40example.org', { headers: from('203.0.113.98') });
    const first = await startServer({ env });
    try {
      for (let i = 0; i < 3; i += 1) expect((await ask(first)).status).toBe(200);
    } finally {
      await first.stop();
    }
    const restarted = await startServer({ env });
    try {
      const blocked = await ask(restarted);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3000);
    } finally {
      await restarted.stop();
    }
  }, 60_000);
});

describe('bodies that trickle in (the third review: 30 of them turned logins into 503 for 74 s)', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startServer({ env: { MAX_IN_FLIGHT: '4', SHED_EVENT_LOOP_LAG_MS: '0', SHED_QUEUE_MS: '0' } }); });
  afterAll(async () => { await server?.stop(); });

  /** A POST whose body says 2,000 bytes and has sent one. */
  const trickle = () => new Promise<ClientRequest>((resolve) => {
    const req = httpRequest({
      host: '127.0.0.1', port: server.port, path: '/connect/token', method: 'POST', agent: false,
      headers: { host: `demo.localhost:${server.port}`, 'content-type': 'application/x-www-form-urlencoded', 'content-length': '2000' },
    });
    req.on('error', () => undefined);
    req.write('g');
    req.on('socket', (socket) => socket.once('connect', () => resolve(req)));
  });
  const ready = async () => (await call(server, '/readyz')).json<{ ok: boolean; inFlight: number; receiving: number; shedding: boolean }>();

  it('keeps answering logins while more POSTs than the in-flight budget trickle their bodies in, and /readyz says what it carries', async () => {
    const slow = await Promise.all(Array.from({ length: 8 }, trickle));
    while ((await ready()).receiving < 8) await new Promise((resolve) => setTimeout(resolve, 20));
    // In flight: only the /readyz asking.
    expect(await ready()).toMatchObject({ ok: true, inFlight: 1, receiving: 8, shedding: false });
    const login = await call(server, '/connect/token', {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', eventId: 'demo', username: 'attendee@demo.test', password: 'demo-attendee-1' }).toString(),
    });
    expect(login.status).toBe(200);
    expect((await call(server, '/login')).status).toBe(200);
    for (const req of slow) req.destroy();
    while ((await ready()).receiving > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  });
});
