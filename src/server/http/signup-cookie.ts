import { isSecret, newSecret } from '~/server/shared/secrets';
import type { RouteCookies } from './route-context';

/**
 * The browser a sign-up was made in (docs/registration.md "A password waits for the address to
 * be proven"): a random secret in an HttpOnly cookie, its hash kept with the sign-up. Only a proof
 * of the address from this browser keeps the password and phone typed at sign-up.
 */
export const SIGNUP_COOKIE = 'ep_signup';
const THIRTY_DAYS_S = 30 * 24 * 60 * 60;

/** The browser's sign-up secret, a new one when it has none; (re)set for thirty days. */
export function signupBrowserSecret(cookies: Pick<RouteCookies, 'get' | 'set'>, secure: boolean): string {
  const held = cookies.get(SIGNUP_COOKIE)?.value;
  const secret = held !== undefined && isSecret(held) ? held : newSecret();
  cookies.set(SIGNUP_COOKIE, secret, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: THIRTY_DAYS_S });
  return secret;
}

/** The sign-up secret the request's browser holds, if any. */
export function heldSignupSecret(cookies: Pick<RouteCookies, 'get'>): string | undefined {
  const held = cookies.get(SIGNUP_COOKIE)?.value;
  return held !== undefined && isSecret(held) ? held : undefined;
}
