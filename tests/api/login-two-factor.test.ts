import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type Factories } from './factories';
import { call, sharedServer, type TestServer } from './harness';
import { login, newUser, outboxWith } from './login-helpers';

/** Two-factor login never tells which half was wrong. */
describe('two-factor login answers', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };
  let phoneCounter = 0;

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent({ is_two_factor: true });
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  /** A user with a phone, and a pin requested and read from the SMS outbox. */
  async function userWithPin() {
    phoneCounter += 1;
    const phone = `+47 966 ${String(10 + phoneCounter).padStart(2, '0')} ${String(100 + (process.pid % 900)).padStart(3, '0')}`;
    const user = await newUser(f, event.id, { phone });
    const asked = await call(server, `/${event.id}/api.php?module=authentication&method=getTwoFactorPin&useremail=${encodeURIComponent(user.email)}&eventid=${event.id}`, { host: event.host });
    const { pinId } = asked.json<{ data: { pinId: string } }>().data;
    const [sms] = await outboxWith(server, phone.replace(/\s/g, ''), 'json');
    const pin = /\b(\d{6})\b/.exec(JSON.parse(sms!).text as string)![1]!;
    return { ...user, pinId, pin, wrongPin: pin === '000000' ? '111111' : '000000' };
  }

  const attempt = (user: { email: string }, password: string, pinId: string, pin: string) =>
    login(server, event.host, event.slug, user.email, password, { pinId, pin });

  it('gives one answer for a wrong password, a wrong pin, a spent pin and an unknown pin id', async () => {
    const user = await userWithPin();
    const wrongPassword = await attempt(user, 'not-the-password', user.pinId, user.pin);
    const wrongPin = await attempt(user, user.password, user.pinId, user.wrongPin);
    const unknownPin = await attempt(user, user.password, 'no-such-pin-id', user.pin);
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.json()).toEqual({ error: 'auth.invalid_grant', message: 'Username or password is wrong' });
    expect(wrongPin.status).toBe(400);
    expect(wrongPin.json()).toEqual(wrongPassword.json());
    expect(unknownPin.json()).toEqual(wrongPassword.json());

    const other = await userWithPin();
    expect((await attempt(other, other.password, other.pinId, other.pin)).status).toBe(200);
    const spent = await attempt(other, other.password, other.pinId, other.pin);
    expect(spent.status).toBe(400);
    expect(spent.json()).toEqual(wrongPassword.json());
  });

  it('counts wrong pins as failed logins: the account is rate limited after five', async () => {
    const user = await userWithPin();
    for (let i = 0; i < 5; i += 1) expect((await attempt(user, user.password, user.pinId, user.wrongPin)).status).toBe(400);
    const blocked = await attempt(user, user.password, user.pinId, user.pin);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
