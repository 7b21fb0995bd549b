import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { clearSessionCookie } from '~/server/http/session-cookie';

/** The no-JavaScript logout: revoke, drop the cookie, back to login. */
export const POST: APIRoute = async ({ locals, cookies, redirect }) => {
  if (locals.token) await app().tokens.revoke(locals.token);
  clearSessionCookie(cookies);
  return redirect('/login', 303);
};
