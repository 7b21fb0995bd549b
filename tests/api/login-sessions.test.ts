import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hashToken } from '~/server/login/token.service';
import { factories, type Factories } from './factories';
import { call, sharedServer, type TestServer } from './harness';
import { bearer, emlText, form, login, newUser, outboxWith } from './login-helpers';
import { within } from './realtime-helpers';

interface Tokens { access_token: string; refresh_token: string }

/** Sessions end for real: logout, password change and a replayed refresh token. */
describe('login sessions', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent();
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  const signIn = async (user: { email: string; password: string }) => {
    const res = await login(server, event.host, event.slug, user.email, user.password);
    expect(res.status).toBe(200);
    return res.json<Tokens>();
  };
  const refresh = (refreshToken: string) => call(server, '/connect/token', { host: event.host, ...form({ grant_type: 'refresh_token', eventId: event.slug, refresh_token: refreshToken }) });
  const whoAmI = (accessToken: string) => call(server, `/api/liveEvent/${event.slug}/getOwnUserInfoFromSession`, { host: event.host, headers: bearer(accessToken) });
  const logout = (accessToken: string) => call(server, '/connect/logout', { method: 'POST', host: event.host, headers: bearer(accessToken) });
  const expiresAt = async (token: string) => (await f.db.kysely.selectFrom('auth_tokens').select('expires_at').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow()).expires_at;

  /** A socket opened with the session cookie, as the browser opens it. */
  const socketOf = async (accessToken: string) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/realtime`, { headers: { host: `${event.host}:${server.port}`, cookie: `ep_session=${accessToken}` } });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => { ws.once('message', () => resolve()); ws.once('error', reject); });
    return { ws, closed };
  };

  it('logout revokes the whole session: its refresh token no longer mints tokens', async () => {
    const user = await newUser(f, event.id);
    const tokens = await signIn(user);
    expect((await logout(tokens.access_token)).status).toBe(204);
    const after = await refresh(tokens.refresh_token);
    expect(after.status).toBe(400);
    expect(after.json()).toMatchObject({ error: 'auth.invalid_grant' });
  });

  it('logout after a refresh also ends the rotated refresh token, and leaves the user’s other sessions alone', async () => {
    const user = await newUser(f, event.id);
    const other = await signIn(user);
    const rotated = (await refresh((await signIn(user)).refresh_token)).json<Tokens>();
    expect((await logout(rotated.access_token)).status).toBe(204);
    expect((await refresh(rotated.refresh_token)).status).toBe(400);
    expect((await whoAmI(other.access_token)).status).toBe(200);
    expect((await refresh(other.refresh_token)).status).toBe(200);
  });

  it('keeps the 30-day absolute limit of the first login through every refresh', async () => {
    const user = await newUser(f, event.id);
    const first = await signIn(user);
    // The session's end moved a day before the one login set: a refresh that set a new end (now +
    // 30 days) would miss it by a day, so the clock need not move between the calls.
    const limit = new Date(Date.parse(await expiresAt(first.refresh_token)) - 24 * 3600 * 1000).toISOString();
    const { family } = await f.db.kysely.selectFrom('auth_tokens').select('family').where('token_hash', '=', hashToken(first.refresh_token)).executeTakeFirstOrThrow();
    await f.db.kysely.updateTable('auth_tokens').set({ expires_at: limit }).where('family', '=', family).execute();
    const second = (await refresh(first.refresh_token)).json<Tokens>();
    const third = (await refresh(second.refresh_token)).json<Tokens>();
    expect(await expiresAt(third.refresh_token)).toBe(limit);
    expect(await expiresAt(third.access_token)).toBe(limit);
  });

  it('revokes the whole family when a rotated refresh token is used again (theft detection)', async () => {
    const user = await newUser(f, event.id);
    const stolen = await signIn(user);
    const legit = (await refresh(stolen.refresh_token)).json<Tokens>();
    expect((await whoAmI(legit.access_token)).status).toBe(200);
    const replay = await refresh(stolen.refresh_token);
    expect(replay.status).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'auth.invalid_grant' });
    // Neither the thief nor the owner keeps the session: the owner logs in again.
    expect((await refresh(legit.refresh_token)).status).toBe(400);
    expect((await whoAmI(legit.access_token)).status).toBe(401);
  });

  it('a password change (recovery password used) revokes every session of the user, refresh tokens too', async () => {
    const user = await newUser(f, event.id);
    const old = await signIn(user);
    expect((await call(server, `/api/liveEvent/${event.slug}/resetPassword/${encodeURIComponent(user.email)}`, { host: event.host })).status).toBe(200);
    const [mail] = await outboxWith(server, user.email, 'eml');
    const password = /\n\n([a-zA-Z2-9]{12})\n\n/.exec(emlText(mail!))![1]!;
    await signIn({ email: user.email, password });
    expect((await refresh(old.refresh_token)).status).toBe(400);
    expect((await whoAmI(old.access_token)).status).toBe(401);
  });

  it('closes the realtime sockets of a logged-out session (4001, the client logs out) and keeps those of the user’s other session', async () => {
    const user = await newUser(f, event.id);
    const ending = await signIn(user);
    const staying = await signIn(user);
    const ended = await socketOf(ending.access_token);
    const kept = await socketOf(staying.access_token);
    expect((await logout(ending.access_token)).status).toBe(204);
    expect(await within(ended.closed, 3000, 'the logged-out session\'s socket closing')).toBe(4001);
    expect(kept.ws.readyState).toBe(WebSocket.OPEN);
    kept.ws.close();
  });

  it('closes every realtime socket of the user when a theft is detected', async () => {
    const user = await newUser(f, event.id);
    const stolen = await signIn(user);
    const legit = (await refresh(stolen.refresh_token)).json<Tokens>();
    const socket = await socketOf(legit.access_token);
    expect((await refresh(stolen.refresh_token)).status).toBe(400);
    expect(await within(socket.closed, 3000, 'the stolen session\'s socket closing')).toBe(4001);
  });
});
