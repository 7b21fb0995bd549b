import type { BookedSession, BookingResult } from '~/contracts/agenda';
import type { Features, Platform } from '~/contracts/event-settings';
import type { RealtimeEvents } from '~/contracts/realtime';
import { DomainError } from '~/server/errors';
import { buildCalendar } from '~/server/shared/calendar';
import { requireFeature } from '~/server/shared/feature-access';
import type { BookableSession, BookingRepository } from './booking.repository';
import { overlapping } from './booking-overlap';

interface BookingEvent {
  eventId: number;
  eventSlug: string;
  eventName: string;
  timeZone: string;
  startDate: string;
  endDate: string;
  features: Features;
}

interface Deps {
  repository: BookingRepository;
  publishAgendaChange: (eventId: number, data: RealtimeEvents['agenda-change']) => Promise<void>;
  now?: () => Date;
}

const seatsLeft = (session: BookableSession, taken: number): number | null =>
  session.seatLimit > 0 ? Math.max(0, session.seatLimit - taken) : null;

/**
 * Session booking (docs/product.md §4): not booked → booked and back. Every call needs the agenda on for the
 * caller's platform (403 `agenda.forbidden`); booking also the event's bookingsEnabled feature
 * (403 `booking.forbidden` otherwise); a session that has ended is
 * closed both ways (422 `booking.closed`); a full session refuses new bookers (409
 * `booking.full`). Booking twice, or cancelling what is not booked, changes nothing and answers
 * the current state. Every change publishes `agenda-change` with the seats left.
 */
export function createBookingService({ repository, publishAgendaChange, now = () => new Date() }: Deps) {
  async function bookable(event: BookingEvent, sessionId: number, platform: Platform): Promise<BookableSession> {
    requireFeature(event, 'agenda', platform);
    if (!event.features.bookingsEnabled) throw new DomainError('booking.forbidden', 'Booking is not enabled for this event');
    const session = await repository.findSession(event.eventId, sessionId);
    if (!session) throw new DomainError('session.not_found', 'No such session');
    if (Date.parse(session.endDate) <= now().getTime()) throw new DomainError('booking.closed', 'This session has ended');
    return session;
  }

  async function announce(eventId: number, session: BookableSession, left: number | null): Promise<void> {
    await publishAgendaChange(eventId, { sessionIds: [session.id], seats: [{ sessionId: session.id, seatsLeft: left }] });
  }

  return {
    async book(event: BookingEvent, userId: number, sessionId: number, platform: Platform): Promise<BookingResult> {
      const session = await bookable(event, sessionId, platform);
      const { outcome, taken } = await repository.book(session.id, userId, now().toISOString());
      const left = seatsLeft(session, taken);
      if (outcome === 'full') throw new DomainError('booking.full', 'This session is full', { sessionId: session.id, seatsLeft: 0 });
      if (outcome === 'booked') await announce(event.eventId, session, left);
      const overlaps = overlapping(session, await repository.findBookedSessions(event.eventId, userId));
      return { sessionId: session.id, isBooked: true, seatsLeft: left, overlaps };
    },

    async cancel(event: BookingEvent, userId: number, sessionId: number, platform: Platform): Promise<BookingResult> {
      const session = await bookable(event, sessionId, platform);
      const { isRemoved, taken } = await repository.cancel(session.id, userId);
      const left = seatsLeft(session, taken);
      if (isRemoved) await announce(event.eventId, session, left);
      return { sessionId: session.id, isBooked: false, seatsLeft: left };
    },

    /** docs/product.md §3 booked sessions of the caller, in start order. */
    async listBooked(event: BookingEvent, userId: number, platform: Platform): Promise<BookedSession[]> {
      requireFeature(event, 'agenda', platform);
      const sessions = await repository.findBookedSessions(event.eventId, userId);
      return sessions.map(({ id, startDate, endDate, title }) => ({ id, startDate, endDate, title }));
    },

    /** The caller's booked sessions as an iCalendar file, each linking to its stage stream. */
    async calendar(event: BookingEvent, userId: number, origin: string, platform: Platform): Promise<string> {
      requireFeature(event, 'agenda', platform);
      const sessions = await repository.findBookedSessions(event.eventId, userId);
      return buildCalendar(
        {
          uidDomain: `${event.eventSlug}.eventplatform`, name: event.eventName, timeZone: event.timeZone, now: now(),
          event: { startDate: event.startDate, endDate: event.endDate, url: `${origin}/stage` },
        },
        sessions.map((s) => ({ ...s, url: `${origin}/stage?session=${s.id}` })),
      );
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
