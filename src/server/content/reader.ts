import type { AuthUser } from '~/contracts/auth';
import type { EventInfo } from '~/contracts/event-info';
import { DomainError } from '~/server/errors';
import { services } from '~/server/services';
import type { ContentReader } from './content.service';

/** The signed-in user as content needs them: address, first name and CalculatedFields. */
export async function readerOf(event: EventInfo, user: AuthUser): Promise<ContentReader> {
  const row = await services().users.findById(event.eventId, user.userId);
  if (!row) throw new DomainError('auth.unauthorized', 'Log in again');
  return { email: row.email, firstName: row.first_name, calculatedFields: row.calculated_fields };
}
