import type { APIContext } from 'astro';
import type { AuthUser } from '~/contracts/auth';
import type { EventInfo } from '~/contracts/event-info';
import { pathEvent } from './public-api';
import { requireUser } from './require';

/**
 * The caller and the event of an attendee call under /api/liveEvent/{eventId}/: no login is a
 * 401, a path naming another event than the host a 403, an unknown one a 404.
 */
export async function memberCall(context: APIContext): Promise<{ user: AuthUser; event: EventInfo }> {
  const user = requireUser(context.locals);
  return { user, event: await pathEvent(context) };
}

/** Personal answers must never be stored by shared caches. */
export const PRIVATE_NO_STORE = { 'cache-control': 'private, no-store' } as const;
