import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type Factories } from './factories';
import { call, startServer, type TestServer } from './harness';
import { address, linkIn, mailsTo, outboxMails, placesOf, register, signUp, signupCookieOf, tokenFor, userByEmail } from './registration-helpers';

describe('registration: self sign-up', () => {
  let server: TestServer;
  let f: Factories;
  let open: { id: number; slug: string; host: string };

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: '0', REGISTRATION_LIMIT_PER_ADDRESS: '500' } });
    f = factories(server);
    open = await f.newEvent({ is_registration_open: true, terms_text: '<p>Be kind.</p>' });
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  it('registers into an open event and mails a login link, the QR ticket and the event days', async () => {
    const email = address();
    const res = await register(server, open, signUp(email.toUpperCase()));
    expect(res.status).toBe(202);
    expect(res.json()).toEqual({ received: true });
    const user = await userByEmail(f, open.id, email);
    expect(user).toMatchObject({ first_name: 'Rita', company: 'Acme AS', job_title: 'Engineer', is_hidden: false });
    // The chosen password waits for the mailed link to prove the address.
    expect(user?.password_hash).toBeNull();
    const signup = await f.db.kysely.selectFrom('signup_confirmations').select('password_hash').where('user_id', '=', user!.id).executeTakeFirstOrThrow();
    expect(signup.password_hash).toMatch(/^scrypt\$/);
    const registration = await f.db.kysely.selectFrom('registrations').selectAll().where('user_id', '=', user!.id).executeTakeFirstOrThrow();
    // ≥ 128 bits: 16 random bytes as base64url.
    expect(registration.ticket_code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const terms = await f.db.kysely.selectFrom('terms_acceptances').select('terms_text').where('user_id', '=', user!.id).execute();
    expect(terms).toEqual([{ terms_text: '<p>Be kind.</p>' }]);

    const [mail] = await mailsTo(server, email, 'confirmed');
    expect(mail).toBeDefined();
    expect(linkIn(mail!, '/login/otp')).toContain(`${open.host}`);
    expect(mail).toContain('filename=ticket.png');
    expect(mail).toContain(`filename=${open.slug}.ics`);
    expect(mail).toContain('Content-Type: text/calendar');
  });

  it('logs the new attendee in through the mailed link', async () => {
    const email = address();
    expect((await register(server, open, signUp(email))).status).toBe(202);
    const link = linkIn((await mailsTo(server, email, 'confirmed'))[0]!, '/login/otp')!;
    const token = link.split('/').pop()!;
    const res = await call(server, '/connect/token', {
      host: open.host, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'otp', eventId: String(open.id), token }).toString(),
    });
    expect(res.status).toBe(200);
  });

  const passwordLogin = (email: string, password: string) => call(server, '/connect/token', {
    host: open.host, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', eventId: String(open.id), username: email, password }).toString(),
  });
  const linkLogin = (link: string, browser: Record<string, string> = {}) => call(server, '/connect/token', {
    host: open.host, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...browser },
    body: new URLSearchParams({ grant_type: 'otp', eventId: String(open.id), token: link.split('/').pop()! }).toString(),
  });

  it("never lets a sign-up's password pre-hijack the address owner's account: it waits for the mailed link, and the owner's takeover drops it", async () => {
    const victim = address('victim');
    // The attacker signs up first with the victim's address, their own password and phone.
    expect((await register(server, open, signUp(victim, { password: 'attacker-knows-this', phone: '+47 999 99 999' }))).status).toBe(202);
    const refused = await passwordLogin(victim, 'attacker-knows-this');
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'auth.unconfirmed' });

    // The victim signs up later and follows the "you already have an account" link.
    expect((await register(server, open, signUp(victim, { password: 'victim-own-password' }))).status).toBe(202);
    const link = linkIn((await mailsTo(server, victim, 'hasAccount'))[0]!, '/login/otp')!;
    const session = await linkLogin(link);
    expect(session.status).toBe(200);
    const bearer = { authorization: `Bearer ${session.json<{ access_token: string }>().access_token}` };
    expect((await call(server, `/api/liveEvent/${open.id}/getOwnUserInfoFromSession`, { host: open.host, headers: bearer })).status).toBe(200);

    // The attacker's password is gone, and so is the number they typed (recovery by SMS, pins).
    expect((await passwordLogin(victim, 'attacker-knows-this')).json()).toMatchObject({ error: 'auth.invalid_grant' });
    expect(await userByEmail(f, open.id, victim)).toMatchObject({ password_hash: null, phone: null });
    // The sign-up's own confirmation link, still in the victim's inbox, no longer brings it back.
    const confirmation = linkIn((await mailsTo(server, victim, 'confirmed'))[0]!, '/login/otp')!;
    expect((await linkLogin(confirmation)).status).toBe(200);
    expect((await passwordLogin(victim, 'attacker-knows-this')).status).toBe(400);
    expect((await call(server, `/api/liveEvent/${open.id}/getOwnUserInfoFromSession`, { host: open.host, headers: bearer })).status).toBe(200);
  });

  it('tells an honest attendee to confirm first, sends the link again on request, and takes their password once it is used', async () => {
    const email = address('honest');
    const signedUp = await register(server, open, signUp(email, { password: 'my-own-password' }));
    expect(signedUp.status).toBe(202);
    const browser = signupCookieOf(signedUp);
    const early = await passwordLogin(email, 'my-own-password');
    expect(early.status).toBe(403);
    expect(early.json()).toMatchObject({ error: 'auth.unconfirmed', field: 'username' });
    // A wrong password is still just wrong.
    expect((await passwordLogin(email, 'not-my-password')).json()).toMatchObject({ error: 'auth.invalid_grant' });

    const resend = (to: string) => call(server, `/api/Registration/${open.id}/confirm/resend`, {
      host: open.host, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: to }),
    });
    // The same answer for an unknown address (no enumeration); a missing address names the field.
    expect((await resend(address('nobody'))).json()).toEqual({ sent: true });
    expect((await resend('')).json()).toMatchObject({ error: 'request.invalid', field: 'email' });
    expect((await resend(email)).json()).toEqual({ sent: true });
    const again = linkIn((await outboxMails(server, email, 'loginLink'))[0]!, '/login/otp')!;
    expect((await linkLogin(again, browser)).status).toBe(200);
    expect((await passwordLogin(email, 'my-own-password')).status).toBe(200);
  });

  it("drops a sign-up's password and phone when its confirmation link is opened in another browser than the one that signed up", async () => {
    // The third review: the attacker signs up first with the victim's address; the victim opens
    // the first "you are registered" mail, and the attacker's password and phone started working.
    const victim = address('victim');
    const attacker = await register(server, open, signUp(victim, { password: 'attacker-knows-this', phone: '+47 999 99 998' }));
    expect(attacker.status).toBe(202);
    const confirmation = linkIn((await mailsTo(server, victim, 'confirmed'))[0]!, '/login/otp')!;
    const otherBrowser = { cookie: `ep_signup=${'x'.repeat(43)}` };
    expect((await linkLogin(confirmation, otherBrowser)).status).toBe(200);
    expect((await passwordLogin(victim, 'attacker-knows-this')).json()).toMatchObject({ error: 'auth.invalid_grant' });
    expect(await userByEmail(f, open.id, victim)).toMatchObject({ password_hash: null, phone: null });

    // The same from a browser holding another sign-up's secret.
    const second = address('victim');
    expect((await register(server, open, signUp(second, { password: 'attacker-knows-this', phone: '+47 999 99 997' }))).status).toBe(202);
    const someoneElse = signupCookieOf(await register(server, open, signUp(address('other'))));
    const link = linkIn((await mailsTo(server, second, 'confirmed'))[0]!, '/login/otp')!;
    expect((await linkLogin(link, someoneElse)).status).toBe(200);
    expect(await userByEmail(f, open.id, second)).toMatchObject({ password_hash: null, phone: null });
  });

  it('keeps the password and phone when the browser that signed up opens the confirmation link', async () => {
    const email = address('own');
    const signedUp = await register(server, open, signUp(email, { password: 'my-own-password', phone: '+47 412 00 001' }));
    const link = linkIn((await mailsTo(server, email, 'confirmed'))[0]!, '/login/otp')!;
    expect((await linkLogin(link, signupCookieOf(signedUp))).status).toBe(200);
    expect((await passwordLogin(email, 'my-own-password')).status).toBe(200);
    expect(await userByEmail(f, open.id, email)).toMatchObject({ phone: '+47 412 00 001' });
  });

  it('keeps a "login link only" attendee without a password and stores the chosen visibility', async () => {
    const email = address();
    expect((await register(server, open, signUp(email, { loginMethod: 'link', password: '', visibility: 'hidden' }))).status).toBe(202);
    expect(await userByEmail(f, open.id, email)).toMatchObject({ password_hash: null, is_hidden: true });
  });

  it('refuses while registration is closed or the event is inactive, writing nothing', async () => {
    const closed = await f.newEvent({ is_registration_open: false });
    const inactive = await f.newEvent({ is_registration_open: true, is_active: false });
    const a = await register(server, closed, signUp(address()));
    expect(a.status).toBe(422);
    expect(a.json()).toMatchObject({ error: 'registration.closed' });
    const b = await register(server, inactive, signUp(address()));
    expect(b.status).toBe(422);
    expect(b.json()).toMatchObject({ error: 'event.closed' });
    expect(await placesOf(f, closed.id)).toEqual({ registered: 0, waiting: 0 });
    expect(await placesOf(f, inactive.id)).toEqual({ registered: 0, waiting: 0 });
  });

  it('answers a known address exactly like a new one and mails the owner a login link instead', async () => {
    const email = address();
    const first = await register(server, open, signUp(email));
    const second = await register(server, open, signUp(email, { firstName: 'Mallory', password: 'another password' }));
    expect(second.status).toBe(first.status);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    const users = await f.db.kysely.selectFrom('users').select('first_name').where('event_id', '=', open.id).where('email', '=', email).execute();
    expect(users).toEqual([{ first_name: 'Rita' }]);
    const [mail] = await mailsTo(server, email, 'hasAccount');
    expect(linkIn(mail!, '/login/otp')).toBeDefined();
  });

  it.each([
    ['firstName', { firstName: ' ' }],
    ['lastName', { lastName: '' }],
    ['email', { email: 'not-an-address' }],
    ['company', { company: '' }],
    ['jobTitle', { jobTitle: '' }],
    ['phone', { phone: '12-34 ab' }],
    ['password', { password: 'short' }],
    ['acceptTerms', { acceptTerms: false }],
    ['firstName', { firstName: 'x'.repeat(101) }],
  ])('refuses a bad %s with 400 naming the field', async (field, overrides) => {
    const email = address();
    const res = await register(server, open, signUp(email, overrides));
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ error: 'request.invalid', field });
    expect(await userByEmail(f, open.id, email)).toBeUndefined();
  });

  it('needs no terms acceptance when the event has no terms', async () => {
    const noTerms = await f.newEvent({ is_registration_open: true });
    expect((await register(server, noTerms, signUp(address(), { acceptTerms: false }))).status).toBe(202);
  });

  it('drops a sign-up whose honeypot field is filled, answering as usual', async () => {
    const email = address();
    const res = await register(server, open, signUp(email, { website: 'https://spam.example' }));
    expect(res.status).toBe(202);
    expect(await userByEmail(f, open.id, email)).toBeUndefined();
    // A real sign-up after it is the marker: a mail the spam's had sent would be in the outbox first.
    const real = address();
    expect((await register(server, open, signUp(real))).status).toBe(202);
    expect(await mailsTo(server, real, 'confirmed')).toHaveLength(1);
    expect(await mailsTo(server, email, 'confirmed', 0)).toEqual([]);
  });

  it('refuses a sign-up another site makes a browser send', async () => {
    const email = address();
    const a = await register(server, open, signUp(email), { origin: 'https://evil.example' });
    expect(a.status).toBe(403);
    const b = await register(server, open, signUp(email), { 'sec-fetch-site': 'cross-site' });
    expect(b.status).toBe(403);
    const same = await register(server, open, signUp(email), { origin: `http://${open.host}:${server.port}`, 'sec-fetch-site': 'same-origin' });
    expect(same.status).toBe(202);
  });

  it('gives exactly the last 10 places to 50 parallel sign-ups and puts the rest on the waiting list', async () => {
    const full = await f.newEvent({ is_registration_open: true, capacity: 20 });
    for (let i = 0; i < 10; i += 1) {
      const user = await f.db.kysely.insertInto('users').values({
        event_id: full.id, email: address('seed'), first_name: 'S', last_name: 'Eed', calculated_fields: '{}', is_hidden: false, is_organiser: false, created_at: new Date().toISOString(),
      }).returning('id').executeTakeFirstOrThrow();
      await f.db.kysely.insertInto('registrations').values({ event_id: full.id, user_id: user.id, ticket_code: address('t'), ticket_key: address('k'), created_at: new Date().toISOString() }).execute();
    }
    const emails = Array.from({ length: 50 }, () => address('race'));
    const answers = await Promise.all(emails.map((email) => register(server, full, signUp(email, { loginMethod: 'link', password: '' }))));
    expect(answers.map((a) => a.status)).toEqual(emails.map(() => 202));
    expect(await placesOf(f, full.id)).toEqual({ registered: 20, waiting: 40 });
    // Each got the mail of their outcome: 10 tickets, 40 waiting-list mails.
    const registered = await f.db.kysely.selectFrom('users').select('email').where('event_id', '=', full.id).where('email', 'in', emails).execute();
    expect(registered).toHaveLength(10);
    for (const { email } of registered) expect(await mailsTo(server, email, 'confirmed')).toHaveLength(1);
    const waiting = emails.filter((email) => !registered.some((r) => r.email === email));
    for (const email of waiting.slice(0, 5)) expect(await mailsTo(server, email, 'waiting')).toHaveLength(1);
  }, 60_000);

  it('moves the waiting list up when an attendee deletes their account, and lets people leave the list', async () => {
    const small = await f.newEvent({ is_registration_open: true, capacity: 1 });
    const [first, second, third] = [address('first'), address('second'), address('third')];
    for (const email of [first, second, third]) expect((await register(server, small, signUp(email))).status).toBe(202);
    expect(await placesOf(f, small.id)).toEqual({ registered: 1, waiting: 2 });

    // The third leaves the waiting list through the link in their mail.
    const cancel = linkIn((await mailsTo(server, third, 'waiting'))[0]!, '/register/cancel')!;
    const path = new URL(cancel).pathname;
    const ask = await call(server, path, { host: small.host });
    expect(ask.status).toBe(200);
    expect(ask.body).toContain('<form method="post"');
    const left = await call(server, path, { host: small.host, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(left.status).toBe(200);
    expect(await placesOf(f, small.id)).toEqual({ registered: 1, waiting: 1 });
    expect((await call(server, path, { host: small.host })).status).toBe(404);

    // The first deletes their account: the second moves up and hears so.
    const placed = await userByEmail(f, small.id, first);
    const { auth } = await tokenFor(f, small.id, placed!.id);
    const deleted = await call(server, `/api/liveEvent/${small.id}/deleteMyAccount`, { host: small.host, method: 'POST', headers: auth });
    expect(deleted.status).toBe(200);
    expect(await placesOf(f, small.id)).toEqual({ registered: 1, waiting: 0 });
    expect(await userByEmail(f, small.id, second)).toBeDefined();
    const [movedUp] = await mailsTo(server, second, 'movedUp');
    expect(movedUp).toContain('filename=ticket.png');
  });

  it('renders the form again with the errors and the kept values when posted without JavaScript', async () => {
    const email = address('nojs');
    const body = new URLSearchParams({ firstName: 'Nora', lastName: '', email, company: 'Fjord AS', jobTitle: 'CTO', phone: '', loginMethod: 'password', password: 'long enough pw', acceptTerms: '1', visibility: 'visible', website: '' });
    const bad = await call(server, '/register', { host: open.host, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('Enter your last name');
    expect(bad.body).toContain('value="Nora"');
    expect(bad.body).toContain('value="Fjord AS"');
    expect(bad.body).not.toContain('long enough pw');
    body.set('lastName', 'Nordmann');
    const good = await call(server, '/register', { host: open.host, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() });
    expect(good.status).toBe(200);
    expect(good.body).toContain('We have sent an e-mail to');
    expect(await userByEmail(f, open.id, email)).toMatchObject({ last_name: 'Nordmann' });
  });

  it('shows the closed notice on /register when registration is closed', async () => {
    const closed = await f.newEvent({ is_registration_open: false });
    const page = await call(server, '/register', { host: closed.host });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Registration is closed');
    expect(page.body).not.toContain('name="firstName"');
  });

});

describe('registration: rate limit per address', () => {
  let server: TestServer;
  let f: Factories;

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: '0', REGISTRATION_LIMIT_PER_ADDRESS: '3' } });
    f = factories(server);
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  it('answers 429 with Retry-After once an address sent too many sign-ups', async () => {
    const event = await f.newEvent({ is_registration_open: true });
    for (let i = 0; i < 3; i += 1) expect((await register(server, event, signUp(address()))).status).toBe(202);
    const blocked = await register(server, event, signUp(address()));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toMatchObject({ error: 'registration.rate_limited' });
  });
});
