import { config } from '~/server/config';
import { NO_STORE } from '~/server/http/cache-headers';
import { clearAdminCookie, setAdminCookie } from '~/server/http/admin-token';
import { isHttps } from '~/server/http/client';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/**
 * Signs the /admin page in: the page sends the admin token once as a Bearer header (never in a
 * URL), and the answer sets the page's session cookie (http/admin-token.ts), so the token is not
 * kept by the browser. A wrong token is a 401, counted per address.
 */
export const POST = route({
  method: 'POST', path: '/api/admin/session', who: 'admin', sideEffects: true, cache: 'private', bodyLimit: 1024,
  handle: (context) => {
    setAdminCookie(context.cookies, config().adminToken!, isHttps(context));
    return jsonAnswer({ signedIn: true }, { headers: NO_STORE });
  },
});

/** Signs the /admin page out: the cookie is cleared. */
export const DELETE = route({
  method: 'DELETE', path: '/api/admin/session', who: 'admin', sideEffects: true, cache: 'private', bodyLimit: 1024,
  handle: (context) => {
    clearAdminCookie(context.cookies, isHttps(context));
    return jsonAnswer({ signedIn: false }, { headers: NO_STORE });
  },
});
