import type { TokenService } from '~/server/login/token.service';
import { SESSION_COOKIE } from '~/server/http/session-cookie';
import type { Authenticator } from './authenticate';

const COOKIE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`);

/**
 * Knows the user of a socket from the HttpOnly session cookie the browser sends with the
 * same-origin upgrade. Visitors without a session still join (public pages follow event-wide
 * changes such as seats left), but personal events reach only their owner's sockets.
 */
export function sessionAuthenticator(tokens: Pick<TokenService, 'authenticate'>): Authenticator {
  return async (request, eventId) => {
    const token = COOKIE.exec(request.headers.cookie ?? '')?.[1];
    const owner = token ? await tokens.authenticate(decodeURIComponent(token), eventId) : undefined;
    return { userId: owner?.userId ?? null };
  };
}
