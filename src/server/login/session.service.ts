import type { AuthUser } from '~/contracts/login';
import { OTHER_EVENT, type TokenService } from './token.service';

interface Dependencies {
  tokens: Pick<TokenService, 'authenticateUser'>;
}

export { OTHER_EVENT };

/** Who holds a session: what the auth guard asks on every request. */
export function createSessionService({ tokens }: Dependencies) {
  return {
    /**
     * The signed-in user behind a live access token of this event; `OTHER_EVENT` for a live
     * session of another event (the guards refuse it with 403, not the 401 that logs a client
     * out); else undefined. Read fresh each time: a logout ends it at once on every node.
     */
    identify(token: string, eventId: number): Promise<AuthUser | typeof OTHER_EVENT | undefined> {
      return tokens.authenticateUser(token, eventId);
    },

    /** The signed-in user behind a live access token of this event, or undefined. */
    async authenticate(token: string, eventId: number): Promise<AuthUser | undefined> {
      const found = await tokens.authenticateUser(token, eventId);
      return found === OTHER_EVENT ? undefined : found;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
