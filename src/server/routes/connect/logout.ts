import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import { clearSessionCookie } from '~/server/http/session-cookie';
import type { RouteHandler } from '~/server/http/route-context';

/** Revokes the caller's token on the server and drops the session cookie. Always 204. */
export const POST: RouteHandler = ({ locals, cookies }) => respond(async () => {
  if (locals.token) await app().tokens.revoke(locals.token);
  clearSessionCookie(cookies);
  return new Response(null, { status: 204 });
});
