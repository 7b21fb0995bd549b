import type { TokenService } from '~/server/login/token.service';
import { SESSION_COOKIE } from '~/server/http/session-cookie';
import type { Authenticator } from './authenticate';

const COOKIE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`);

/** The cookie's value decoded, or undefined when it is not valid percent-encoding. */
function decoded(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * Knows the user of a socket from the HttpOnly session cookie the browser sends with the
 * same-origin upgrade. Visitors without a session (or with a cookie that is no session: unknown,
 * expired or malformed) still join anonymously (public pages follow event-wide changes such as
 * seats left), but personal events reach only their owner's sockets.
 */
export function sessionAuthenticator(tokens: Pick<TokenService, 'authenticate'>): Authenticator {
  return async (request, eventId) => {
    const token = decoded(COOKIE.exec(request.headers.cookie ?? '')?.[1]);
    const owner = token ? await tokens.authenticate(token, eventId) : undefined;
    return owner ? { userId: owner.userId, sessionId: owner.sessionId } : { userId: null, sessionId: null };
  };
}
