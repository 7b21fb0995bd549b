import type { AuthUser } from '~/contracts/login';
import type { TokenService } from './token.service';

interface Dependencies {
  tokens: Pick<TokenService, 'authenticateUser'>;
}

/** Who holds a session: what the auth guard asks on every request. */
export function createSessionService({ tokens }: Dependencies) {
  return {
    /** The signed-in user behind a live access token of this event, or undefined (read fresh each time: a logout ends it at once on every node). */
    authenticate(token: string, eventId: number): Promise<AuthUser | undefined> {
      return tokens.authenticateUser(token, eventId);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
