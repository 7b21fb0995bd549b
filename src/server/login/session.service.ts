import type { AuthUser } from '~/contracts/login';
import type { UserService } from '~/server/users/user.service';
import type { TokenService } from './token.service';

interface Dependencies {
  tokens: Pick<TokenService, 'authenticate'>;
  users: Pick<UserService, 'findById'>;
}

/** Who holds a session: what the auth guard asks on every request. */
export function createSessionService({ tokens, users }: Dependencies) {
  return {
    /** The signed-in user behind a live access token of this event, or undefined. */
    async authenticate(token: string, eventId: number): Promise<AuthUser | undefined> {
      const owner = await tokens.authenticate(token, eventId);
      const user = owner && (await users.findById(eventId, owner.userId));
      if (!user) return undefined;
      return { userId: user.id, eventId, email: user.email, firstName: user.firstName, lastName: user.lastName, isOrganiser: user.isOrganiser };
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
