import type { APIRoute } from 'astro';
import { clearSessionCookie } from '~/server/http/session-cookie';
import { services } from '~/server/services';

/** The no-JavaScript logout: revoke, drop the cookie, back to login. */
export const POST: APIRoute = async ({ locals, cookies, redirect }) => {
  if (locals.token) await services().tokens.revoke(locals.token);
  clearSessionCookie(cookies);
  return redirect('/login', 303);
};
