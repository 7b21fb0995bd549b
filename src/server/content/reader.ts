import type { AuthUser } from '~/contracts/auth';
import type { EventInfo } from '~/contracts/event-info';
import { DomainError } from '~/server/errors';
import type { UserRepository } from '~/server/users/user.repository';
import type { ContentReader } from './content.service';

/** Looks up the signed-in user as content needs them: address, first name and CalculatedFields. */
export function createContentReaders({ users }: { users: UserRepository }) {
  return {
    async of(event: EventInfo, user: AuthUser): Promise<ContentReader> {
      const row = await users.findById(event.eventId, user.userId);
      if (!row) throw new DomainError('auth.unauthorized', 'Log in again');
      return { email: row.email, firstName: row.first_name, calculatedFields: row.calculated_fields };
    },
  };
}

export type ContentReaders = ReturnType<typeof createContentReaders>;
