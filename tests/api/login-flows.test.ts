import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type Factories } from './factories';
import { call, startServer, type TestServer } from './harness';
import { bearer, emlText, form, json, login, newLink, newUser, outboxWith } from './login-helpers';

const HOST = 'demo.localhost';
const otp = (token: string, eventId = 'demo') => form({ grant_type: 'otp', eventId, token });
const pinUrl = (email: string, eventid = '1', path = '1') => `/${path}/api.php?module=authentication&method=getTwoFactorPin&useremail=${encodeURIComponent(email)}&eventid=${eventid}`;

describe('identity: passwordless, two-factor and recovery', () => {
  let server: TestServer;
  let f: Factories;
  let other: { id: number; slug: string; host: string };
  let twoFactor: { id: number; slug: string; host: string };

  beforeAll(async () => {
    server = await startServer();
    f = factories(server);
    other = await f.newEvent();
    twoFactor = await f.newEvent({ is_two_factor: true });
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  describe('otp grant', () => {
    it('logs in once with a live link token, then answers link_expired', async () => {
      const user = await newUser(f, 1);
      const token = await newLink(f, 1, user.id);
      const first = await call(server, '/connect/token', { host: HOST, ...otp(token) });
      expect(first.status).toBe(200);
      const info = await call(server, '/api/liveEvent/demo/getOwnUserInfoFromSession', { headers: bearer(first.json<{ access_token: string }>().access_token) });
      expect(info.json<{ userModuleResult: { Email: string } }>().userModuleResult.Email).toBe(user.email);
      const again = await call(server, '/connect/token', { host: HOST, ...otp(token) });
      expect(again.status).toBe(400);
      expect(again.json()).toMatchObject({ error: 'auth.link_expired', message: 'Link expired. Request a new link' });
    });

    it('refuses an expired link and a link of another event', async () => {
      const user = await newUser(f, 1);
      const expired = await newLink(f, 1, user.id, { ageMs: 31 * 60 * 1000 });
      expect((await call(server, '/connect/token', { host: HOST, ...otp(expired) })).json()).toMatchObject({ error: 'auth.link_expired' });
      const live = await newLink(f, 1, user.id);
      const elsewhere = await call(server, '/connect/token', { host: other.host, ...otp(live, other.slug) });
      expect(elsewhere.json()).toMatchObject({ error: 'auth.link_expired' });
      // Still unused: the wrong-event attempt did not spend it.
      expect((await call(server, '/connect/token', { host: HOST, ...otp(live) })).status).toBe(200);
    });

    it('names the missing token field', async () => {
      const res = await call(server, '/connect/token', { host: HOST, ...form({ grant_type: 'otp', eventId: 'demo' }) });
      expect(res.status).toBe(400);
      expect(res.json()).toMatchObject({ error: 'request.invalid', field: 'token' });
    });
  });

  describe('passwordless resend', () => {
    it('mails a new working link to the owner of a used link', async () => {
      const user = await newUser(f, 1);
      const old = await newLink(f, 1, user.id, { ageMs: 40 * 60 * 1000 });
      const res = await call(server, '/api/Registration/demo/passwordless/resend', { host: HOST, ...json({ deliveryMethod: 'email', payload: old }) });
      expect(res.status).toBe(200);
      expect(res.json()).toEqual({ sent: true });
      const [mail] = await outboxWith(server, user.email, 'eml');
      const link = /\/login\/otp\/([\w-]+)/.exec(emlText(mail!))?.[1];
      expect(link).toBeDefined();
      expect(link).not.toBe(old);
      expect((await call(server, '/connect/token', { host: HOST, ...otp(link!) })).status).toBe(200);
      expect(server.logs.join('\n')).not.toContain(link!);
    });

    it('texts a new link by SMS, and refuses SMS for an account without a phone', async () => {
      const user = await newUser(f, 1, { phone: '+47 911 22 333' });
      const res = await call(server, '/api/Registration/1/passwordless/resend', { host: HOST, ...json({ deliveryMethod: 'sms', payload: await newLink(f, 1, user.id) }) });
      expect(res.status).toBe(200);
      const [sms] = await outboxWith(server, '+4791122333', 'json');
      expect(JSON.parse(sms!)).toMatchObject({ to: '+4791122333', kind: 'loginLink' });
      const phoneless = await newUser(f, 1);
      const none = await call(server, '/api/Registration/demo/passwordless/resend', { host: HOST, ...json({ deliveryMethod: 'sms', payload: await newLink(f, 1, phoneless.id) }) });
      expect(none.json()).toMatchObject({ error: 'passwordless.no_phone' });
    });

    it('answers 404 to an unknown payload, 400 to a bad method and 403 to another event in the path', async () => {
      const unknown = await call(server, '/api/Registration/demo/passwordless/resend', { host: HOST, ...json({ deliveryMethod: 'email', payload: 'nothing-like-it' }) });
      expect(unknown.status).toBe(404);
      const bad = await call(server, '/api/Registration/demo/passwordless/resend', { host: HOST, ...json({ deliveryMethod: 'fax', payload: 'x' }) });
      expect(bad.status).toBe(400);
      expect(bad.json()).toMatchObject({ field: 'deliveryMethod' });
      const wrong = await call(server, `/api/Registration/${other.id}/passwordless/resend`, { host: HOST, ...json({ deliveryMethod: 'email', payload: 'x' }) });
      expect(wrong.status).toBe(403);
      expect(wrong.json()).toMatchObject({ error: 'event.wrong_event' });
    });

    it('limits resends per link with 429 and Retry-After', async () => {
      const user = await newUser(f, 1);
      const old = await newLink(f, 1, user.id);
      const resend = () => call(server, '/api/Registration/demo/passwordless/resend', { host: HOST, ...json({ deliveryMethod: 'email', payload: old }) });
      for (let i = 0; i < 3; i += 1) expect((await resend()).status).toBe(200);
      const blocked = await resend();
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('two-factor', () => {
    it('needs a pin sent by SMS, accepts it once and answers unknown accounts alike', async () => {
      const user = await newUser(f, twoFactor.id, { phone: '+47 955 00 111' });
      const noPin = await login(server, twoFactor.host, twoFactor.slug, user.email, user.password);
      expect(noPin.json()).toMatchObject({ error: 'auth.pin_required' });

      const asked = await call(server, pinUrl(user.email, String(twoFactor.id), twoFactor.slug), { host: twoFactor.host });
      expect(asked.status).toBe(200);
      const { pinId } = asked.json<{ status: string; data: { pinId: string } }>().data;
      const [sms] = await outboxWith(server, '+4795500111', 'json');
      const pin = /\b(\d{6})\b/.exec(JSON.parse(sms!).text as string)![1]!;

      const wrong = await login(server, twoFactor.host, twoFactor.slug, user.email, user.password, { pinId, pin: pin === '000000' ? '111111' : '000000' });
      expect(wrong.json()).toMatchObject({ error: 'auth.invalid_grant' });
      const ok = await login(server, twoFactor.host, twoFactor.slug, user.email, user.password, { pinId, pin });
      expect(ok.status).toBe(200);
      const reused = await login(server, twoFactor.host, twoFactor.slug, user.email, user.password, { pinId, pin });
      expect(reused.json()).toMatchObject({ error: 'auth.invalid_grant' });
      expect(server.logs.join('\n')).not.toContain(pin);

      const unknown = await call(server, pinUrl('nobody@example.org', String(twoFactor.id), String(twoFactor.id)), { host: twoFactor.host });
      expect(unknown.status).toBe(200);
      expect(unknown.json()).toMatchObject({ status: 'success', data: { pinId: expect.any(String) as string } });
    });

    it('ends a pin after five wrong tries, which also count as failed logins', async () => {
      const user = await newUser(f, twoFactor.id, { phone: '+47 955 00 222' });
      const { pinId } = (await call(server, pinUrl(user.email, String(twoFactor.id), String(twoFactor.id)), { host: twoFactor.host })).json<{ data: { pinId: string } }>().data;
      const [sms] = await outboxWith(server, '+4795500222', 'json');
      const pin = /\b(\d{6})\b/.exec(JSON.parse(sms!).text as string)![1]!;
      const wrongPin = pin === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i += 1) {
        expect((await login(server, twoFactor.host, twoFactor.slug, user.email, user.password, { pinId, pin: wrongPin })).json()).toMatchObject({ error: 'auth.invalid_grant' });
      }
      expect((await login(server, twoFactor.host, twoFactor.slug, user.email, user.password, { pinId, pin })).json()).toMatchObject({ error: 'auth.rate_limited' });
      const stored = await f.db.kysely.selectFrom('two_factor_pins').select('attempts').where('pin_id', '=', pinId).executeTakeFirstOrThrow();
      expect(Number(stored.attempts)).toBe(5);
    });

    it('refuses another event in the path or the eventid query, and a missing e-mail', async () => {
      expect((await call(server, pinUrl('a@example.org', '1', String(other.id)), { host: HOST })).status).toBe(403);
      expect((await call(server, pinUrl('a@example.org', String(other.id), 'demo'), { host: HOST })).status).toBe(403);
      const missing = await call(server, '/demo/api.php?module=authentication&method=getTwoFactorPin', { host: HOST });
      expect(missing.status).toBe(400);
      expect(missing.json()).toMatchObject({ field: 'useremail' });
      const unknown = await call(server, '/demo/api.php?module=nothing&method=here', { host: HOST });
      expect(unknown.status).toBe(404);
    });

    it('limits pin requests per account with 429 and Retry-After', async () => {
      const ask = () => call(server, pinUrl('flood@example.org', String(twoFactor.id), String(twoFactor.id)), { host: twoFactor.host });
      for (let i = 0; i < 5; i += 1) expect((await ask()).status).toBe(200);
      const blocked = await ask();
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('recovery', () => {
    it('mails a pending password: the old one keeps working until the new one is used', async () => {
      const user = await newUser(f, 1);
      const oldSession = (await login(server, HOST, 'demo', user.email, user.password)).json<{ access_token: string }>().access_token;
      const res = await call(server, `/api/liveEvent/demo/resetPassword/${encodeURIComponent(user.email)}`, { host: HOST });
      expect(res.json()).toEqual({ emailSent: true });
      const [mail] = await outboxWith(server, user.email, 'eml');
      const password = /\n\n([a-zA-Z2-9]{12})\n\n/.exec(emlText(mail!))?.[1];
      expect(password).toBeDefined();
      expect(server.logs.join('\n')).not.toContain(password!);

      expect((await login(server, HOST, 'demo', user.email, user.password)).status).toBe(200);
      expect((await login(server, HOST, 'demo', user.email, password!)).status).toBe(200);
      // Promoted: the old password and the sessions made with it are gone.
      expect((await login(server, HOST, 'demo', user.email, user.password)).status).toBe(400);
      const stale = await call(server, '/api/liveEvent/demo/getOwnUserInfoFromSession', { headers: bearer(oldSession) });
      expect(stale.status).toBe(401);
      expect(stale.json()).toEqual({ error: 'auth.unauthorized', message: 'Log in again' });
    });

    it('answers the same for unknown accounts and names a malformed address', async () => {
      const unknown = await call(server, '/api/liveEvent/demo/resetPassword/nobody%40example.org', { host: HOST });
      expect(unknown.status).toBe(200);
      expect(unknown.json()).toEqual({ emailSent: true });
      const bad = await call(server, '/api/liveEvent/demo/resetPassword/not-an-address', { host: HOST });
      expect(bad.status).toBe(400);
      expect(bad.json()).toMatchObject({ field: 'value' });
      expect((await call(server, `/api/liveEvent/${other.id}/resetPassword/a%40b.no`, { host: HOST })).status).toBe(403);
    });

    it('texts a pending password to the account with that phone number', async () => {
      const user = await newUser(f, 1, { phone: '+47 977 12 345' });
      const res = await call(server, '/1/api.php?module=password&method=newPasswordViaSms&countryPrefix=%2B47&phoneNumber=977%2012%20345&eventId=1', { host: HOST });
      expect(res.json()).toEqual({ smsSent: true });
      const [sms] = await outboxWith(server, '+4797712345', 'json');
      const password = /: ([a-zA-Z2-9]{12}) /.exec(JSON.parse(sms!).text as string)?.[1];
      expect((await login(server, HOST, 'demo', user.email, password!)).status).toBe(200);
      const unknown = await call(server, '/1/api.php?module=password&method=newPasswordViaSms&countryPrefix=47&phoneNumber=11223344&eventId=1', { host: HOST });
      expect(unknown.json()).toEqual({ smsSent: true });
      const short = await call(server, '/1/api.php?module=password&method=newPasswordViaSms&countryPrefix=47&phoneNumber=12%2034&eventId=1', { host: HOST });
      expect(short.status).toBe(400);
      expect(short.json()).toMatchObject({ field: 'phoneNumber' });
    });

    it('limits recovery per account with 429 and Retry-After', async () => {
      const ask = () => call(server, '/api/liveEvent/demo/resetPassword/limit%40example.org', { host: HOST });
      for (let i = 0; i < 3; i += 1) expect((await ask()).status).toBe(200);
      const blocked = await ask();
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
});
