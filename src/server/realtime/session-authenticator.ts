import type { TokenService } from '~/server/login/token.service';
import { sessionCookieOf } from '~/server/http/session-cookie';
import type { Authenticator } from './authenticate';

/**
 * Knows the user of a socket from the HttpOnly session cookie the browser sends with the
 * same-origin upgrade. Visitors without a session (or with a cookie that is no session: unknown,
 * expired or malformed) still join anonymously (public pages follow event-wide changes such as
 * seats left), but personal events reach only their owner's sockets.
 */
export function sessionAuthenticator(tokens: Pick<TokenService, 'authenticate'>): Authenticator {
  return async (request, eventId) => {
    const token = sessionCookieOf(request.headers.cookie);
    const owner = token ? await tokens.authenticate(token, eventId) : undefined;
    return owner ? { userId: owner.userId, sessionId: owner.sessionId } : { userId: null, sessionId: null };
  };
}
