import * as v from 'valibot';
import type { Category } from './categories';

/** A session's speaker as the agenda carries it (docs/product.md §3). */
export interface SessionSpeaker {
  id: number;
  name: string;
  lastName: string;
  jobTitle: string | null;
  company: string | null;
  profileImageUrl: string | null;
}

/**
 * A session (docs/product.md §3). Times are ISO-8601 UTC; clients show them in the event's `timeZone`.
 * The public variant never carries `userIds` (who booked is personal data); it carries the
 * derived `seatsLeft` instead, which is all a visitor needs.
 */
export interface Session {
  id: number;
  title: string;
  subtitle: string | null;
  /** Sanitised HTML, or null when empty. */
  description: string | null;
  startDate: string;
  endDate: string;
  /** Track id as text; '0' means a breakout session with no track. */
  trackId: string;
  speakers: SessionSpeaker[];
  docIds: number[];
  liveUrl: string | null;
  /** Seat capacity; 0 means unlimited. */
  myAgendaSize: number;
  /** Seats still free when seat-limited, else null. */
  seatsLeft: number | null;
  keywords: string | null;
  categories: Category[];
}

export interface Track {
  /** Text, so it compares with Session.trackId. */
  id: string;
  title: string;
  headerBackgroundColor: string | null;
  hideTrackTitle: boolean;
}

/**
 * GET liveGetIframeAgendaInfo. docs/product.md §3: sessions grouped by day (YYYY-MM-DD, in the event's
 * zone) and by start time (HH:mm); both levels are objects whose keys come in time order.
 */
export interface AgendaInfo {
  timeZone: string;
  /** Every day that has sessions, before any filter (for a day picker). */
  days: string[];
  agenda: Record<string, Record<string, Session[]>>;
  tracks: Track[];
}

/** Optional filters of the agenda (the iframe page's form uses the same names). */
export const AgendaQuerySchema = v.object({
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'must be at most 200 characters'))),
  category: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'must be a category id'), v.transform(Number))),
  day: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day as YYYY-MM-DD'))),
});
export type AgendaQuery = v.InferOutput<typeof AgendaQuerySchema>;

/**
 * A session as a signed-in attendee sees it (GET liveGetAgendaInfo). Who else booked stays
 * private: `userIds` holds at most the caller's own id (so clients written against docs/product.md §3's
 * `userIds.includes(me)` keep working), and `isBooked` says the same plainly.
 */
export interface MemberSession extends Session {
  isBooked: boolean;
  userIds: number[];
}

/** GET liveGetAgendaInfo: the agenda with the caller's bookings, plus the rules the tab needs. */
export interface MemberAgendaInfo extends Omit<AgendaInfo, 'agenda'> {
  agenda: Record<string, Record<string, MemberSession[]>>;
  /** features.bookingsEnabled: attend/cancel buttons show only then. */
  isBookingEnabled: boolean;
  /** Agenda categories (type 1) for the category filter. */
  categories: Category[];
}

/** docs/product.md §3 booked session, as GET liveGetAgendaInfo/bookedSessions lists them. */
export interface BookedSession {
  id: number;
  startDate: string;
  endDate: string;
  title: string;
}

/** The answer to booking or cancelling: the caller's state and the seats that remain. */
export interface BookingResult {
  sessionId: number;
  isBooked: boolean;
  /** Null when the session has no seat limit. */
  seatsLeft: number | null;
  /** After a booking: the caller's other booked sessions at the same time (booked anyway; docs/agenda.md). */
  overlaps?: { id: number; title: string }[];
}

/** A path or body id: a positive whole number, as a number or as digits. */
export const IdSchema = v.pipe(
  v.union([v.pipe(v.number(), v.integer('must be a whole number')), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}$/, 'must be a number'), v.transform(Number))], 'must be a number'),
  v.minValue(1, 'must be a positive number'),
);

/** POST liveGetAgendaInfo/bookSession (docs/product.md §7: EventId, SessionId), as JSON or form fields. */
export const BookSessionSchema = v.object({
  EventId: v.pipe(v.union([v.string(), v.number()], 'is required'), v.transform(String), v.trim(), v.minLength(1, 'is required')),
  SessionId: IdSchema,
});
