import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type Factories } from './factories';
import { call, startServer, type HttpResponse, type TestServer } from './harness';
import { form, newUser } from './login-helpers';
import { setResultsPasswords } from './poll-results-helpers';
import { address as mailAddress, register, signUp } from './registration-helpers';

/*
 * Every address-keyed limit counts an IPv6 client by its /64: one subscriber holds the whole
 * /64 and could otherwise take a fresh budget with each of its addresses. A client in another
 * /64 keeps its own budget.
 */

const SUBNET = '2001:db8:aa:1';
const OTHER_SUBNET = '2001:db8:aa:2';
/** The nth address of a /64, written out in full or shortened, as clients and proxies do. */
const inSubnet = (subnet: string, n: number) => (n % 2 === 0 ? `${subnet}:0:0:0:${n.toString(16)}` : `${subnet}::${(n * 4099).toString(16)}`);
const from = (address: string) => ({ 'x-forwarded-for': address });

describe('address limits group IPv6 clients by /64 (TRUST_PROXY on)', () => {
  let server: TestServer;
  let f: Factories;
  beforeAll(async () => {
    server = await startServer({ env: { TRUST_PROXY: '1', REGISTRATION_LIMIT_PER_ADDRESS: '3' } });
    f = factories(server);
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  /** `tries` calls, each from a different address of SUBNET; then one more from it and one from OTHER_SUBNET. */
  async function budgetOfOneSubnet(tries: number, send: (address: string, n: number) => Promise<HttpResponse>): Promise<[HttpResponse, HttpResponse]> {
    for (let n = 1; n <= tries; n += 1) expect((await send(inSubnet(SUBNET, n), n)).status).not.toBe(429);
    return [await send(inSubnet(SUBNET, tries + 1), tries + 1), await send(inSubnet(OTHER_SUBNET, 1), tries + 2)];
  }

  it('login: one account guessed from five addresses of one /64 waits; from another /64 it does not', async () => {
    const user = await newUser(f, 1);
    const attempt = (address: string) => call(server, '/connect/token', {
      ...form({ grant_type: 'password', eventId: 'demo', username: user.email, password: 'wrong-pass' }), headers: { ...form({}).headers, ...from(address) },
    });
    const [same, other] = await budgetOfOneSubnet(5, attempt);
    expect(same.status).toBe(429);
    expect(same.json()).toMatchObject({ error: 'auth.rate_limited' });
    expect(other.status).toBe(400);
  }, 90_000);

  it('results login: ten wrong passwords from ten addresses of one /64 stop that /64 only', async () => {
    const event = await f.newEvent();
    await setResultsPasswords(f, event.id);
    const [same, other] = await budgetOfOneSubnet(10, (address) => call(server, '/connect/poll', {
      host: event.host, method: 'POST', headers: { 'content-type': 'application/json', ...from(address) }, body: JSON.stringify({ password: 'wrong-pass' }),
    }));
    expect(same.status).toBe(429);
    expect(same.json()).toMatchObject({ error: 'results.rate_limited' });
    expect(other.status).toBe(200);
  }, 90_000);

  it('shared lists: ten wrong PINs from ten addresses of one /64 stop that /64 only', async () => {
    const [same, other] = await budgetOfOneSubnet(10, (address, n) =>
      call(server, `/api/liveEvent/demo/sharedParticipants/${String(100000 + n)}`, { headers: from(address) }));
    expect(same.status).toBe(429);
    expect(same.json()).toMatchObject({ error: 'shared_list.rate_limited' });
    expect(other.status).toBe(404);
  });

  it('registration: the per-address budget of sign-ups is one per /64', async () => {
    const event = await f.newEvent({ is_registration_open: true });
    const [same, other] = await budgetOfOneSubnet(3, (address) => register(server, event, signUp(mailAddress()), from(address)));
    expect(same.status).toBe(429);
    expect(same.json()).toMatchObject({ error: 'registration.rate_limited' });
    expect(other.status).toBe(202);
  });
});
