import type { AuthUser } from '~/contracts/auth';
import type { EventInfo } from '~/contracts/event-info';
import { DomainError } from '~/server/errors';

/** The signed-in user, or a 401 `auth.unauthorized` (which makes clients log out, SPEC §4). */
export function requireUser(locals: App.Locals): AuthUser {
  if (!locals.user) throw new DomainError('auth.unauthorized', 'Log in again');
  return locals.user;
}

/** The host's event; an {eventId} path parameter naming another event is a 403. */
export function requireEvent(locals: App.Locals, eventIdParam?: string): EventInfo {
  const event = locals.event;
  if (!event) throw new DomainError('event.not_found', 'No event at this address');
  if (eventIdParam !== undefined && eventIdParam !== String(event.eventId) && eventIdParam !== event.eventSlug) {
    throw new DomainError('event.wrong_event', 'This call belongs to another event');
  }
  return event;
}
