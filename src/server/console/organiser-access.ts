import type { AuthUser } from '~/contracts/login';
import { DomainError } from '~/server/errors';

/** The signed-in organiser a console call acts as. */
export interface Organiser {
  eventId: number;
  userId: number;
  name: string;
}

/**
 * Console calls are for organisers of this event only (docs/decisions.md "Accounts and roles":
 * a per-event user flag). No session is a 401; an attendee, or an organiser of another event,
 * a 403 that tells nothing about the event's data.
 */
export function requireOrganiser(event: { eventId: number }, user: AuthUser | undefined): Organiser {
  if (!user) throw new DomainError('auth.unauthorized', 'Log in again');
  if (!isOrganiserOf(event, user)) {
    throw new DomainError('console.forbidden', 'Only the organisers of this event may use the console');
  }
  return { eventId: event.eventId, userId: user.userId, name: `${user.firstName} ${user.lastName}`.trim() };
}

/** Whether the signed-in user is an organiser of this event (accounts belong to one event). */
export const isOrganiserOf = (event: { eventId: number }, user: AuthUser): boolean => user.isOrganiser && user.eventId === event.eventId;
