import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type Factories } from './factories';
import { call, startServer, type HttpResponse, type TestServer } from './harness';
import { onceLifted } from './login-helpers';
import { RESULTS_PASSWORD, setResultsPasswords } from './poll-results-helpers';

/*
 * Wrong results passwords limit the guesser, never the organiser: guesses spread over several
 * addresses cannot lock the organisers out of results or the door's admission login, and the
 * guessed password's budget is the server's to name, not the client's (docs/security.md "Limits").
 */

type Event = { id: number; host: string };

describe('results and admission logins limit the guesser, never the organiser (TRUST_PROXY on)', () => {
  let server: TestServer;
  let f: Factories;
  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: '0', TRUST_PROXY: '1' } });
    f = factories(server);
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  const post = (path: string, event: Event, body: Record<string, string>, address: string) => call(server, path, {
    host: event.host, method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify(body),
  });
  const connectPoll = (event: Event, password: string, address: string, pollAccessKey?: string) =>
    post('/connect/poll', event, { password, ...(pollAccessKey ? { pollAccessKey } : {}) }, address);
  const connectParticipant = (event: Event, password: string, address: string) => post('/connect/participant', event, { password }, address);
  const isIn = (res: HttpResponse) => res.status === 200 && res.body.includes('"isLoginSuccess":true');

  /**
   * Thirty wrong guesses, ten from each of three addresses (as many as each may make), then more
   * from new addresses, each after the wait the last one was told, until the next wait is 8 s.
   */
  async function guessFromManyAddresses(guess: (password: string, address: string) => Promise<HttpResponse>): Promise<void> {
    for (let a = 0; a < 3; a += 1) {
      for (let i = 0; i < 10; i += 1) expect((await guess(`wrong-${a}-${i}`, `203.0.113.${a + 1}`)).status).toBe(200);
    }
    for (let a = 3; a < 6; a += 1) {
      const refused = await guess('wrong-again', `203.0.113.${a + 1}`);
      expect(refused.status).toBe(429);
      expect((await onceLifted(() => guess('wrong-again', `203.0.113.${a + 1}`), Number(refused.headers['retry-after']))).status).toBe(200);
    }
  }

  /** The organiser at a new address: in now, or after a wait of at most a minute (the per-password delay). */
  async function organiserGetsIn(login: () => Promise<HttpResponse>): Promise<void> {
    const first = await login();
    if (isIn(first)) return;
    expect(first.status).toBe(429);
    const wait = Number(first.headers['retry-after']);
    expect(wait).toBeLessThanOrEqual(60);
    expect(isIn(await onceLifted(login, wait))).toBe(true);
  }

  async function eventWithPasswords(): Promise<Event> {
    const event = await f.newEvent();
    await setResultsPasswords(f, event.id);
    return event;
  }

  it('opens no fresh budget for a made-up pollAccessKey, and lets the right password in after 33 wrong ones from six addresses: at once from the organiser\'s address, within a minute from a new one', async () => {
    const event = await eventWithPasswords();
    expect(isIn(await connectPoll(event, RESULTS_PASSWORD, '198.51.100.1'))).toBe(true);
    await guessFromManyAddresses((password, address) => connectPoll(event, password, address));
    // A new address, each time with a key of its own choosing: the event's password is still the one guessed.
    for (const [n, key] of ['made-up-1', 'made-up-2', 'made-up-3'].entries()) {
      const res = await connectPoll(event, 'another-guess', `203.0.113.${50 + n}`, key);
      expect(res.status).toBe(429);
      expect(res.json()).toMatchObject({ error: 'results.rate_limited' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Without an admission password of its own the event's admission login tries the same password.
    expect((await connectParticipant(event, 'another-guess', '203.0.113.60')).status).toBe(429);
    expect(isIn(await connectPoll(event, RESULTS_PASSWORD, '198.51.100.1'))).toBe(true);
    await organiserGetsIn(() => connectPoll(event, RESULTS_PASSWORD, '198.51.100.2'));
  }, 180_000);

  it('lets the door staff into admission (connect/participant) after 33 wrong passwords from six addresses', async () => {
    const event = await eventWithPasswords();
    expect((await connectParticipant(event, RESULTS_PASSWORD, '198.51.100.10')).json()).toMatchObject({ isLoginSuccess: true });
    await guessFromManyAddresses((password, address) => connectParticipant(event, password, address));
    expect((await connectParticipant(event, RESULTS_PASSWORD, '198.51.100.10')).json()).toMatchObject({ isLoginSuccess: true });
    await organiserGetsIn(() => connectParticipant(event, RESULTS_PASSWORD, '198.51.100.11'));
  }, 180_000);

  it('delays one address after 10 wrong passwords, up to a minute and growing, never locking it, while other addresses go on', async () => {
    const event = await eventWithPasswords();
    for (let i = 0; i < 10; i += 1) expect((await connectPoll(event, `wrong-${i}`, '203.0.113.90')).status).toBe(200);
    const limited = await connectPoll(event, RESULTS_PASSWORD, '203.0.113.90');
    expect(limited.status).toBe(429);
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(isIn(await connectPoll(event, RESULTS_PASSWORD, '203.0.113.91'))).toBe(true);
    // Asked again until the delay lifts (asking is no failure): the right password then gets in.
    let answer = limited;
    const deadline = Date.now() + (wait + 5) * 1000;
    while (answer.status === 429 && Date.now() < deadline) answer = await connectPoll(event, RESULTS_PASSWORD, '203.0.113.90');
    expect(isIn(answer)).toBe(true);
  }, 60_000);

  it('never delays an address that opened a session of the event lately, even after 12 wrong passwords from it (a venue\'s shared Wi-Fi)', async () => {
    const event = await eventWithPasswords();
    expect(isIn(await connectPoll(event, RESULTS_PASSWORD, '198.51.100.30'))).toBe(true);
    for (let i = 0; i < 12; i += 1) expect((await connectPoll(event, `wrong-${i}`, '198.51.100.30')).status).toBe(200);
    expect(isIn(await connectPoll(event, RESULTS_PASSWORD, '198.51.100.30'))).toBe(true);
    expect((await connectParticipant(event, RESULTS_PASSWORD, '198.51.100.30')).json()).toMatchObject({ isLoginSuccess: true });
  }, 60_000);

  it('lets a new address in when its told wait is over, even though a guess fired as the wait ended set it again', async () => {
    const event = await eventWithPasswords();
    for (let a = 0; a < 3; a += 1) {
      for (let i = 0; i < 10; i += 1) expect((await connectPoll(event, `wrong-${a}-${i}`, `203.0.113.${100 + a}`)).status).toBe(200);
    }
    const owner = '198.51.100.40';
    const told = await connectPoll(event, RESULTS_PASSWORD, owner);
    expect(told.status).toBe(429);
    // A guesser fires until the wait ends (each from a new address, refused meanwhile), and its
    // first guess taken sets the password's wait again, longer...
    let guesser = 0;
    const guesserAddress = () => `198.18.${Math.floor(guesser / 250)}.${(guesser % 250) + 1}`;
    const deadline = Date.now() + (Number(told.headers['retry-after']) + 5) * 1000;
    let guess = await connectPoll(event, 'wrong-at-the-end', guesserAddress());
    while (guess.status === 429 && Date.now() < deadline) {
      guesser += 1;
      guess = await connectPoll(event, 'wrong-at-the-end', guesserAddress());
    }
    expect(guess.status).toBe(200);
    expect((await connectPoll(event, 'and-another', '203.0.113.250')).status).toBe(429);
    // ...but the owner, back when told, gets their turn.
    expect(isIn(await connectPoll(event, RESULTS_PASSWORD, owner))).toBe(true);
  }, 60_000);
});
