import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from './harness';

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
const demoLogin = { grant_type: 'password', eventId: 'demo', username: 'attendee@demo.test', password: 'demo-attendee-1' };

describe('login', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startServer(); });
  afterAll(async () => { await server?.stop(); });

  it('renders the demo event login page on the server, with its name and a sanitised caption', async () => {
    const res = await call(server, '/login');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<html lang="en"');
    expect(res.body).toContain('Northern Lights Summit');
    // The form is a React island rendered on the server: attribute order is React's.
    expect(res.body).toMatch(/<input id="login-email" type="email"[^>]*name="username"/);
    expect(res.body).not.toMatch(/<script[^>]*src=/);
  });

  it('sends a logged-out visitor of the front page to the login page', async () => {
    const res = await call(server, '/');
    expect(res.status).toBe(302);
    expect(res.headers['location']).toBe('/login');
  });

  it('issues opaque tokens and a session cookie for the right password', async () => {
    const res = await call(server, '/connect/token', form(demoLogin));
    expect(res.status).toBe(200);
    const body = res.json<{ access_token: string; refresh_token: string; token_type: string }>();
    expect(body.token_type).toBe('Bearer');
    expect(body.access_token).toMatch(/^[\w-]{40,}$/);
    expect(String(res.headers['set-cookie'])).toMatch(/ep_session=.*HttpOnly/);
    const home = await call(server, '/', { headers: { cookie: `ep_session=${body.access_token}` } });
    expect(home.status).toBe(200);
    const login = await call(server, '/login', { headers: { cookie: `ep_session=${body.access_token}` } });
    expect(login.headers['location']).toBe('/');
  });

  it('refuses a wrong password with the SPEC message and does not say whether the account exists', async () => {
    const wrong = await call(server, '/connect/token', form({ ...demoLogin, password: 'nope-nope' }));
    const unknown = await call(server, '/connect/token', form({ ...demoLogin, username: 'nobody@demo.test' }));
    expect(wrong.status).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'auth.invalid_grant', message: 'Username or password is wrong' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('names the missing field of a malformed token request', async () => {
    const res = await call(server, '/connect/token', form({ grant_type: 'password', eventId: 'demo', username: 'a@b.c' }));
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ error: 'request.invalid', field: 'password' });
  });

  it('refuses a login that names another event than the host', async () => {
    const res = await call(server, '/connect/token', form({ ...demoLogin, eventId: '999' }));
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ error: 'auth.wrong_event' });
  });

  it('answers 401 to an API call with a bad bearer token, which logs the client out', async () => {
    const res = await call(server, '/api/liveEvent/demo/getOwnUserInfoFromSession', { headers: { authorization: 'Bearer not-a-token' } });
    expect(res.status).toBe(401);
    expect(res.json()).toMatchObject({ error: 'auth.unauthorized' });
  });

  it('rotates the refresh token and revokes on logout', async () => {
    const first = (await call(server, '/connect/token', form(demoLogin))).json<{ access_token: string; refresh_token: string }>();
    const refreshed = await call(server, '/connect/token', form({ grant_type: 'refresh_token', eventId: 'demo', refresh_token: first.refresh_token }));
    expect(refreshed.status).toBe(200);
    const replay = await call(server, '/connect/token', form({ grant_type: 'refresh_token', eventId: 'demo', refresh_token: first.refresh_token }));
    expect(replay.status).toBe(400);
    const { access_token } = refreshed.json<{ access_token: string }>();
    const out = await call(server, '/connect/logout', { method: 'POST', headers: { authorization: `Bearer ${access_token}` } });
    expect(out.status).toBe(204);
    const after = await call(server, '/', { headers: { cookie: `ep_session=${access_token}` } });
    expect(after.status).toBe(302);
  });

  it('limits failed logins per account with 429 and Retry-After', async () => {
    const attempt = () => call(server, '/connect/token', form({ ...demoLogin, username: 'rate@demo.test', password: 'wrong-wrong' }));
    for (let i = 0; i < 5; i += 1) expect((await attempt()).status).toBe(400);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses cookie-authenticated writes from another origin', async () => {
    const { access_token } = (await call(server, '/connect/token', form(demoLogin))).json<{ access_token: string }>();
    const res = await call(server, '/connect/logout', { method: 'POST', headers: { cookie: `ep_session=${access_token}`, origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
  });
});
