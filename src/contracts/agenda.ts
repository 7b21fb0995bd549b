import * as v from 'valibot';
import type { Category } from './categories';

/** A session's speaker as the agenda carries it (SPEC §3). */
export interface SessionSpeaker {
  id: number;
  name: string;
  lastName: string;
  jobTitle: string | null;
  company: string | null;
  profileImageUrl: string | null;
}

/**
 * A session (SPEC §3). Times are ISO-8601 UTC; clients show them in the event's `timeZone`.
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
 * GET liveGetIframeAgendaInfo. SPEC §3: sessions grouped by day (YYYY-MM-DD, in the event's
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
