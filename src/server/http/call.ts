import type { CallContext } from './request-context';
import type { AuthUser } from '~/contracts/login';
import type { EventInfo } from '~/contracts/event-info';
import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { eventMatches } from './event-match';

export interface CallOptions {
  /**
   * Answer any other {eventId} with 403 without looking it up, so one no event has is a 403 as
   * well: the manifest's answer, which tests/api/manifest.test.ts pins.
   */
  isStrictPath?: boolean;
}

/**
 * The host's event and the caller if signed in. A route with an {eventId} segment must name
 * the host's event (slug or id): another event's is `event.wrong_event` (403), one no event has
 * `event.not_found` (404).
 */
export async function publicCall(
  context: CallContext, options: CallOptions = {},
): Promise<{ event: EventInfo; user: AuthUser | undefined }> {
  const { event, user } = context.locals;
  if (!event) throw new DomainError('event.not_found', 'No event at this address');
  const identity = context.params['eventId'];
  if (identity === undefined || eventMatches(event, identity)) return { event, user };
  if (options.isStrictPath || (await app().events.findByIdentity(identity))) {
    throw new DomainError('event.wrong_event', 'The path names another event than the host');
  }
  throw new DomainError('event.not_found', 'No such event');
}

/** `publicCall` for a signed-in attendee; no login is a 401 first (which makes clients log out, SPEC §4). */
export async function memberCall(
  context: CallContext, options: CallOptions = {},
): Promise<{ event: EventInfo; user: AuthUser }> {
  const { user } = context.locals;
  if (!user) throw new DomainError('auth.unauthorized', 'Log in again');
  const { event } = await publicCall(context, options);
  return { event, user };
}
