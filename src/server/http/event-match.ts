import type { EventInfo } from '~/contracts/event-info';

/** Whether an event identity a client sent (path, query or body) names this event: its slug or its id (docs/product.md §2). */
export function eventMatches(event: Pick<EventInfo, 'eventId' | 'eventSlug'>, identity: string): boolean {
  return identity === event.eventSlug || identity === String(event.eventId);
}
