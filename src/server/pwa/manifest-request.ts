import type { EventInfo } from '~/contracts/event-info';
import { DomainError } from '~/server/errors';

/** The {eventId} path parameter must name the host's event, by id or slug. */
export function assertHostEvent(event: EventInfo, eventId: string | undefined): void {
  if (eventId !== String(event.eventId) && eventId !== event.eventSlug) {
    throw new DomainError('event.wrong_event', 'This address belongs to another event');
  }
}

export function manifestResponse(body: unknown, cacheControl: string): Response {
  return new Response(JSON.stringify(body), {
    headers: { 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': cacheControl },
  });
}
