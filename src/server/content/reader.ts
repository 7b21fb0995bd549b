import type { AuthUser } from '~/contracts/login';
import type { EventInfo } from '~/contracts/event-info';
import { DomainError } from '~/server/errors';
import type { UserService } from '~/server/users/user.service';
import type { ContentReader } from './content.service';

/** Looks up the signed-in user as content needs them: address, first name and CalculatedFields. */
export function createContentReaders({ users }: { users: Pick<UserService, 'findById'> }) {
  return {
    async of(event: EventInfo, user: AuthUser): Promise<ContentReader> {
      const row = await users.findById(event.eventId, user.userId);
      if (!row) throw new DomainError('auth.unauthorized', 'Log in again');
      return { email: row.email, firstName: row.firstName, calculatedFields: row.calculatedFields };
    },
  };
}

export type ContentReaders = ReturnType<typeof createContentReaders>;
