import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAttendee } from './attendee-factory';
import { factories, type Factories, type NewPoll } from './factories';
import { call, sharedServer, type TestServer } from './harness';
import { form, json } from './member-helpers';
import { cookieOf, POLL_PASSWORD, RESULTS_PASSWORD, resultsLogin, setResultsPasswords } from './poll-results-helpers';

describe('results logins: connect/poll and connect/participant (docs/product.md §6, §7)', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };
  let poll: NewPoll;
  let other: NewPoll;

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent();
    poll = await f.newPoll(event.id, { type: 0, alternatives: [{ text: 'A' }, { text: 'B' }] });
    other = await f.newPoll(event.id, { type: 0, alternatives: [{ text: 'C' }] });
    await setResultsPasswords(f, event.id, poll.id);
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  const connect = (body: Record<string, string>, host = event.host) => call(server, '/connect/poll', { host, ...form(body) });
  const results = (path: string, headers: Record<string, string>) => call(server, `/api/liveEvent/${event.id}/${path}`, { host: event.host, headers });

  it('refuses a wrong password with isLoginSuccess false and sets no cookie', async () => {
    const res = await connect({ password: 'nope', pollAccessKey: poll.accessKey });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ isLoginSuccess: false, isGenericLogin: false });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('opens a generic session with the event password, under private_results_generic', async () => {
    const res = await connect({ password: RESULTS_PASSWORD });
    expect(res.json()).toMatchObject({ isLoginSuccess: true, isGenericLogin: true, marker: 'private_results_generic' });
    const cookie = cookieOf(res, 'private_results_generic');
    expect(cookie).toBeDefined();
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect((await results(`pollResults/${other.id}`, { cookie: cookie! })).status).toBe(200);
  });

  it("opens one poll's session with its own password, which does not open another poll", async () => {
    const res = await connect({ password: POLL_PASSWORD, pollAccessKey: poll.accessKey });
    expect(res.json()).toMatchObject({ isLoginSuccess: true, isGenericLogin: false, marker: `private_results_${poll.accessKey}` });
    const cookie = cookieOf(res, `private_results_${poll.accessKey}`)!;
    expect((await results(`pollResults/${poll.accessKey}`, { cookie })).status).toBe(200);
    const refused = await results(`pollResults/${other.id}`, { cookie });
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'results.forbidden' });
  });

  it("does not take a poll's own password for another poll's key", async () => {
    expect((await connect({ password: POLL_PASSWORD, pollAccessKey: other.accessKey })).json()).toMatchObject({ isLoginSuccess: false });
  });

  it('answers 400 naming password when it is missing', async () => {
    const res = await connect({ pollAccessKey: poll.accessKey });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ field: 'password' });
    expect((await call(server, '/connect/poll', { host: event.host, method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' })).status).toBe(400);
  });

  it('a results session is no attendee session, and an attendee token opens no results', async () => {
    const cookie = await resultsLogin(server, event.host, RESULTS_PASSWORD);
    expect((await results('getOwnUserInfoFromSession', cookie)).status).toBe(401);
    const attendee = await newAttendee(f, event.id);
    const res = await results(`pollResults/${poll.id}`, attendee.auth);
    expect(res.status).toBe(401);
    expect(res.json()).toMatchObject({ error: 'results.unauthorized' });
    // The attendee's session cookie is no results cookie either.
    expect((await results(`pollResults/${poll.id}`, { cookie: `ep_session=${attendee.token}` })).status).toBe(401);
  });

  it('takes the session from the x-results-token header as well', async () => {
    const body = (await connect({ password: RESULTS_PASSWORD })).json<{ resultsToken: string }>();
    expect((await results(`pollResults/${poll.id}`, { 'x-results-token': body.resultsToken })).status).toBe(200);
    expect((await results(`pollResults/${poll.id}`, { 'x-results-token': 'forged' })).status).toBe(401);
  });

  it("refuses another event's session and path", async () => {
    const second = await f.newEvent();
    await setResultsPasswords(f, second.id);
    const cookie = await resultsLogin(server, second.host, RESULTS_PASSWORD);
    expect((await results(`pollResults/${poll.id}`, cookie)).status).toBe(401);
    const mine = await resultsLogin(server, event.host, RESULTS_PASSWORD);
    expect((await call(server, `/api/liveEvent/${second.id}/pollResults/${poll.id}`, { host: event.host, headers: mine })).status).toBe(403);
  });

  it("says the event is closed (422) when it is not active", async () => {
    const closed = await f.newEvent({ is_active: false });
    await setResultsPasswords(f, closed.id);
    const res = await connect({ password: RESULTS_PASSWORD }, closed.host);
    expect(res.status).toBe(422);
    expect(res.json()).toMatchObject({ error: 'results.closed', message: 'This event is closed' });
  });

  it('limits wrong passwords per address and key (429 with retry-after)', async () => {
    const limited = await f.newEvent();
    await setResultsPasswords(f, limited.id);
    for (let i = 0; i < 10; i += 1) expect((await connect({ password: `wrong-${i}` }, limited.host)).status).toBe(200);
    const res = await connect({ password: RESULTS_PASSWORD }, limited.host);
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('connect/participant answers false for a wrong password and opens participant_results for the right one', async () => {
    const wrong = await call(server, '/connect/participant', { host: event.host, ...json({ password: 'nope', accessKey: 'x' }) });
    expect(wrong.status).toBe(200);
    expect(wrong.json()).toBe(false);
    const res = await call(server, '/connect/participant', { host: event.host, ...json({ password: RESULTS_PASSWORD, accessKey: 'x' }) });
    expect(res.json()).toMatchObject({ isLoginSuccess: true, marker: 'participant_results' });
    const cookie = cookieOf(res, 'participant_results')!;
    // The admission session opens no poll results, and no attendee call.
    expect((await results(`pollResults/${poll.id}`, { cookie })).status).toBe(403);
    expect((await results('getOwnUserInfoFromSession', { cookie })).status).toBe(401);
  });

  it('guards the results pages: no session goes to the matching login, a session opens the page', async () => {
    const page = (path: string, headers: Record<string, string> = {}) => call(server, path, { host: event.host, headers });
    const away = await page(`/pollResults/${poll.accessKey}`);
    expect(away.status).toBe(302);
    expect(away.headers['location']).toBe(`/login-poll-results/${poll.accessKey}?return=${encodeURIComponent(`/pollResults/${poll.accessKey}`)}`);
    expect((await page('/pollResults')).headers['location']).toMatch(/^\/login-poll-results\?return=/);
    expect((await page(`/pollResults/template/${poll.accessKey}`)).headers['location']).toMatch(/^\/login-poll-results\/template\//);
    const own = await resultsLogin(server, event.host, POLL_PASSWORD, poll.accessKey);
    const opened = await page(`/quiz-management/${poll.accessKey}`, own);
    expect(opened.status).toBe(200);
    expect(opened.headers['cache-control']).toBe('private, no-store');
    expect((await page(`/pollResults/${other.accessKey}`, own)).status).toBe(302);
    expect((await page('/pollResults', own)).status).toBe(302);
    const generic = await resultsLogin(server, event.host, RESULTS_PASSWORD);
    expect((await page('/pollResults', generic)).status).toBe(200);
    expect((await page(`/quiz-open-text/${other.accessKey}`, generic)).status).toBe(200);
    expect((await page('/login-poll-results/anything')).status).toBe(200);
  });

  it('answers a malformed results cookie as no session (401, or the login), never a 500', async () => {
    for (const cookie of ['participant_results=%E0%A4%A', 'private_results_generic=%', `private_results_${poll.accessKey}=%zz; participant_results=%`]) {
      const call_ = await results('pollResults', { cookie });
      expect(call_.status, cookie).toBe(401);
      const admission = await call(server, `/api/liveEvent/${event.id}/participantsAdmission`, { host: event.host, method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
      expect(admission.status, cookie).toBe(401);
      for (const page of ['/participantsAdmitted', '/pollResults']) {
        const answer = await call(server, page, { host: event.host, headers: { cookie } });
        expect(answer.status, `${page} ${cookie}`).toBe(302);
      }
    }
  });

  it('follows a login\'s ?return= only to a results or admission page, never to a call', async () => {
    const loginPage = (path: string) => call(server, path, { host: event.host });
    const call_ = '/api/liveEvent/demo/sendContactInfo/1';
    for (const login of ['/login-poll-results', '/login-participants-results']) {
      const page = await loginPage(`${login}?return=${encodeURIComponent(call_)}`);
      expect(page.status).toBe(200);
      expect(page.body).not.toContain('sendContactInfo');
    }
    const back = await loginPage(`/login-participants-results?return=${encodeURIComponent('/participantsCheckIn')}`);
    expect(back.body).toContain('/participantsCheckIn');
  });

  it("opens /polls/{key}, the poll stream, to an organiser holding that key's results session, and sends anyone else to /login", async () => {
    const page = (path: string, headers: Record<string, string> = {}) => call(server, path, { host: event.host, headers });
    const nobody = await page(`/polls/${poll.accessKey}`);
    expect(nobody.status).toBe(302);
    expect(nobody.headers['location']).toBe('/login');
    const own = await resultsLogin(server, event.host, POLL_PASSWORD, poll.accessKey);
    const stream = await page(`/polls/${poll.accessKey}`, own);
    expect(stream.status).toBe(200);
    expect(stream.headers['cache-control']).toBe('private, no-store');
    expect(stream.body).toContain('OpenTextApp');
    // The key's own session opens only its key; the generic session opens every key.
    expect((await page(`/polls/${other.accessKey}`, own)).status).toBe(302);
    const generic = await resultsLogin(server, event.host, RESULTS_PASSWORD);
    expect((await page(`/polls/${other.accessKey}`, generic)).status).toBe(200);
    // A participant-results (admission) session is not a poll's.
    const admission = await call(server, '/connect/participant', { host: event.host, ...json({ password: RESULTS_PASSWORD, accessKey: 'x' }) });
    const cookie = cookieOf(admission, 'participant_results')!;
    expect((await page(`/polls/${poll.accessKey}`, { cookie })).status).toBe(302);
  });
});
