import { parseCookie } from 'cookie';
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

/** The session cookie's token from a Cookie header (read by `cookie`, as the router reads it), undefined when absent or empty. */
export function sessionCookieOf(cookie: string | undefined): string | undefined {
  return (cookie === undefined ? undefined : parseCookie(cookie)[SESSION_COOKIE]) || undefined;
}
