import { createHmac } from 'node:crypto';
import { DomainError } from '~/server/errors';
import { bearerToken } from '~/server/shared/bearer';
import { sameSecret } from '~/server/shared/secrets';
import type { RouteCookies } from './route-context';

/**
 * The /admin page's session cookie (docs/operations.md "The operator's page"): it holds a MAC of
 * the admin token, never the token, so a new ADMIN_TOKEN ends every such session. HttpOnly,
 * SameSite=Strict, Secure over https, no Max-Age (it ends with the browser).
 */
export const ADMIN_COOKIE = 'ep_admin';

const sessionValue = (adminToken: string): string => createHmac('sha256', adminToken).update('ep-admin-session').digest('base64url');

export function setAdminCookie(cookies: Pick<RouteCookies, 'set'>, adminToken: string, secure: boolean): void {
  cookies.set(ADMIN_COOKIE, sessionValue(adminToken), { httpOnly: true, sameSite: 'strict', secure, path: '/' });
}

export function clearAdminCookie(cookies: Pick<RouteCookies, 'set'>, secure: boolean): void {
  cookies.set(ADMIN_COOKIE, '', { httpOnly: true, sameSite: 'strict', secure, path: '/', maxAge: 0 });
}

/** How an admin call proved itself: the bearer token, or the /admin page's cookie. */
export type AdminProof = 'bearer' | 'cookie';

/**
 * Guards the organiser endpoints under /api/admin: they exist only when ADMIN_TOKEN is set
 * (404 otherwise, so a deployment without one does not even reveal them) and need
 * `Authorization: Bearer <ADMIN_TOKEN>` or the /admin page's cookie. `sameSecret` compares in
 * constant time whatever the length of what was presented.
 */
export function requireAdminToken(request: Request, adminToken: string | undefined, cookie?: string): AdminProof {
  if (!adminToken) throw new DomainError('admin.not_found', 'Not found');
  const header = request.headers.get('authorization');
  const presented = header === null ? undefined : bearerToken(header);
  if (header !== null || !cookie) {
    if (!sameSecret(presented ?? '', adminToken)) {
      throw new DomainError('admin.unauthorized', 'The admin token is wrong: enter the ADMIN_TOKEN the platform was started with');
    }
    return 'bearer';
  }
  if (!sameSecret(cookie, sessionValue(adminToken))) {
    throw new DomainError('admin.unauthorized', 'The admin session has ended: sign in with the admin token again');
  }
  return 'cookie';
}
