import type { TokenResponse } from '~/contracts/login';
import { SESSION_ABSOLUTE_MS } from '~/server/login/token.service';
import type { CookieJar } from './request-context';
import type { RouteCookies } from './route-context';

/**
 * The access token also travels as an HttpOnly cookie so server-rendered pages know the user
 * (no flash of the wrong page). No Domain attribute: the cookie stays on the event's host.
 */
export const SESSION_COOKIE = 'ep_session';

export function setSessionCookie(cookies: Pick<RouteCookies, 'set'>, tokens: TokenResponse, secure: boolean): void {
  cookies.set(SESSION_COOKIE, tokens.access_token, {
    httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

export function clearSessionCookie(cookies: Pick<CookieJar, 'delete'>): void {
  cookies.delete(SESSION_COOKIE, { path: '/' });
}

const COOKIE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`);

/** The session cookie's token from a Cookie header, undefined when absent or not valid percent-encoding. */
export function sessionCookieOf(cookie: string | undefined): string | undefined {
  const raw = cookie === undefined ? undefined : COOKIE.exec(cookie)?.[1];
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
