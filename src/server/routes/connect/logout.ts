import { app } from '~/server/app';
import { route, FORM_BODY } from '~/server/http/route-rules';
import { clearSessionCookie } from '~/server/http/session-cookie';

/** Revokes the caller's token on the server and drops the session cookie. Always 204. */
export const POST = route({
  method: 'POST', path: '/connect/logout', who: 'login', sideEffects: true, cache: 'private', bodyLimit: FORM_BODY,
  handle: async ({ locals, cookies }) => {
    if (locals.token) await app().tokens.revoke(locals.token);
    clearSessionCookie(cookies);
    return new Response(null, { status: 204 });
  },
});
