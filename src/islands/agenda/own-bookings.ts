import { fetchBookedSessions } from './agenda.api';

let reading: Promise<ReadonlySet<number>> | undefined;

/**
 * The ids of the sessions the viewer booked, for an agenda read for anyone (the kept /webapp,
 * docs/http-cache.md). Read once per page view and shared: OwnBookingsReader
 * starts it right after the page has loaded, so the service worker keeps the answer for My program
 * offline (docs/offline.md) even if neither tab is opened, and the islands use the same answer.
 * A failed read is tried afresh on the next call (a retry, the network back).
 */
export function readOwnBookings(eventId: number): Promise<ReadonlySet<number>> {
  if (!reading) {
    const read = fetchBookedSessions(eventId).then((sessions): ReadonlySet<number> => new Set(sessions.map((s) => s.id)));
    read.catch(() => { if (reading === read) reading = undefined; });
    reading = read;
  }
  return reading;
}

/**
 * After a booking or a cancel: asks again so the service worker's saved answer (what My program
 * shows offline) holds it; the page itself already shows the change.
 */
export function resaveOwnBookings(eventId: number): void {
  reading = undefined;
  readOwnBookings(eventId).catch(() => undefined);
}

/** For tests: forget the shared read. */
export function forgetOwnBookings(): void {
  reading = undefined;
}
