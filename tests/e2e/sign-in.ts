import { expect, request, type BrowserContext, type Page } from '@playwright/test';

export interface Account {
  username: string;
  password: string;
}

export const ATTENDEE: Account = { username: 'attendee@demo.test', password: 'demo-attendee-1' };

/** The HttpOnly cookie that carries the access token (src/server/http/session-cookie.ts). */
const SESSION_COOKIE = 'ep_session';

/**
 * Access tokens already issued in this worker process, by event host and account. A worker runs
 * its tests one at a time, and a retry starts a new worker, so no two tests hold a kept session
 * at once and a failed attempt's session does not outlive it.
 */
const kept = new Map<string, Promise<string>>();

/** POST /connect/token from the test process: Node does not resolve *.localhost, so 127.0.0.1 with the event's host in Host. */
async function passwordLogin(origin: string, eventId: string, who: Account): Promise<string> {
  const { host, port } = new URL(origin);
  const api = await request.newContext();
  try {
    const response = await api.post(`http://127.0.0.1:${port}/connect/token`, {
      headers: { host }, form: { grant_type: 'password', eventId, username: who.username, password: who.password },
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  } finally {
    await api.dispose();
  }
}

/**
 * Signs a browser context in as `who` without opening a page: the login call's session cookie,
 * added as the browser would keep it (host-only, HttpOnly). The session is issued once per worker
 * and reused by its later tests; `isFresh` asks for a login of its own, for a test that ends its
 * session (a logout) or needs one nobody else used. The login form itself is tested in
 * login.spec.ts and the other login flows.
 */
export async function signIn(target: Page | BrowserContext, origin: string, eventId: string,
  who: Account = ATTENDEE, { isFresh = false }: { isFresh?: boolean } = {}): Promise<void> {
  const key = `${origin} ${eventId} ${who.username}`;
  let token = isFresh ? undefined : kept.get(key);
  if (!token) {
    token = passwordLogin(origin, eventId, who);
    if (!isFresh) {
      kept.set(key, token);
      token.catch(() => kept.delete(key));
    }
  }
  const context = 'context' in target ? target.context() : target;
  await context.addCookies([{ name: SESSION_COOKIE, value: await token, url: origin, httpOnly: true, sameSite: 'Lax' }]);
}

/** A member's GET call from the test process with the session cookie `target` holds for `origin`. */
export async function memberGet<T>(target: Page | BrowserContext, origin: string, path: string): Promise<T> {
  const context = 'context' in target ? target.context() : target;
  const cookie = (await context.cookies(origin)).map(({ name, value }) => `${name}=${value}`).join('; ');
  const { host, port } = new URL(origin);
  const api = await request.newContext();
  try {
    const response = await api.get(`http://127.0.0.1:${port}${path}`, { headers: { host, cookie } });
    expect(response.status(), await response.text()).toBe(200);
    return await response.json() as T;
  } finally {
    await api.dispose();
  }
}
