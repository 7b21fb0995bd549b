import type { Db } from '~/server/db/database';
import { prepareQuery } from '~/server/db/prepared';
import { parseJson } from '~/server/db/sql-values';

export interface SessionRow {
  id: number;
  trackId: number | null;
  title: string;
  subtitle: string | null;
  description: string | null;
  startDate: string;
  endDate: string;
  liveUrl: string | null;
  seatLimit: number;
  keywords: string | null;
}

export interface TrackRow {
  id: number;
  title: string;
  color: string | null;
  isTitleHidden: boolean;
}

export interface SessionSpeakerRow {
  sessionId: number;
  id: number;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  company: string | null;
  imageUrl: string | null;
}

export interface SessionCategoryRow {
  sessionId: number;
  id: number;
  name: string;
  categoryType: number;
}

export interface SessionDocumentRow {
  id: number;
  name: string;
  fileUrl: string;
  previewUrl: string | null;
  docType: string;
  platforms: string[];
  uploadedAt: string;
}

/**
 * Everything the agenda of one event is made of, read in a handful of set queries; changes only
 * with an import, so it feeds the cached read model. Bookings are read apart (countBookings).
 */
export interface AgendaRows {
  sessions: SessionRow[];
  tracks: TrackRow[];
  speakers: SessionSpeakerRow[];
  categories: SessionCategoryRow[];
  documents: { sessionId: number; documentId: number }[];
}

/** The only place agenda rows are read. */
export function createAgendaRepository(db: Db) {
  const { kysely } = db;
  // Read on every agenda call (see prepareQuery).
  const bookingCounts = prepareQuery(kysely, (p: { eventId: number }) => kysely.selectFrom('session_bookings as b')
    .innerJoin('sessions as s', 's.id', 'b.session_id')
    .select((eb) => ['b.session_id', eb.fn.countAll<number>().as('n')])
    .where('s.event_id', '=', p.eventId)
    .groupBy('b.session_id'));
  const bookingCountsWithMine = prepareQuery(kysely, (p: { eventId: number; userId: number }) => kysely.selectFrom('session_bookings as b')
    .innerJoin('sessions as s', 's.id', 'b.session_id')
    .select((eb) => ['b.session_id', eb.fn.countAll<number>().as('n'), eb.fn.max(eb.case().when('b.user_id', '=', p.userId).then(1).else(0).end()).as('mine')])
    .where('s.event_id', '=', p.eventId)
    .groupBy('b.session_id'));
  const bookedIds = prepareQuery(kysely, (p: { eventId: number; userId: number }) => kysely.selectFrom('session_bookings as b')
    .innerJoin('sessions as s', 's.id', 'b.session_id')
    .select('b.session_id')
    .where('s.event_id', '=', p.eventId).where('b.user_id', '=', p.userId));

  return {
    async loadAgenda(eventId: number): Promise<AgendaRows> {
      const [sessions, tracks, speakers, categories, documents] = await Promise.all([
        kysely.selectFrom('sessions').selectAll().where('event_id', '=', eventId).orderBy('start_date').orderBy('id').execute(),
        kysely.selectFrom('tracks').selectAll().where('event_id', '=', eventId).orderBy('position').orderBy('id').execute(),
        kysely.selectFrom('session_speakers as ss')
          .innerJoin('speakers as sp', 'sp.id', 'ss.speaker_id')
          .select(['ss.session_id', 'sp.id', 'sp.first_name', 'sp.last_name', 'sp.job_title', 'sp.company', 'sp.image_url'])
          .where('sp.event_id', '=', eventId)
          .orderBy('ss.session_id').orderBy('ss.position').orderBy('sp.id')
          .execute(),
        // Only public categories: the agenda is shown to visitors as well.
        kysely.selectFrom('session_categories as sc')
          .innerJoin('categories as c', 'c.id', 'sc.category_id')
          .select(['sc.session_id', 'c.id', 'c.name', 'c.category_type'])
          .where('c.event_id', '=', eventId).where('c.is_public', '=', true)
          .orderBy('c.position').orderBy('c.id')
          .execute(),
        kysely.selectFrom('document_sessions as ds')
          .innerJoin('documents as d', 'd.id', 'ds.document_id')
          .select(['ds.session_id', 'ds.document_id'])
          .where('d.event_id', '=', eventId)
          .orderBy('ds.document_id')
          .execute(),
      ]);
      return {
        sessions: sessions.map((r) => ({
          id: r.id, trackId: r.track_id, title: r.title, subtitle: r.subtitle,
          description: r.description, startDate: r.start_date, endDate: r.end_date, liveUrl: r.live_url,
          seatLimit: r.seat_limit, keywords: r.keywords,
        })),
        tracks: tracks.map((r) => ({
          id: r.id, title: r.title, color: r.header_background_color, isTitleHidden: r.is_title_hidden,
        })),
        speakers: speakers.map((r) => ({
          sessionId: r.session_id, id: r.id, firstName: r.first_name, lastName: r.last_name,
          jobTitle: r.job_title, company: r.company, imageUrl: r.image_url,
        })),
        categories: categories.map((r) => ({
          sessionId: r.session_id, id: r.id, name: r.name, categoryType: r.category_type,
        })),
        documents: documents.map((r) => ({ sessionId: r.session_id, documentId: r.document_id })),
      };
    },

    /** Bookings per session of the event, read on every request: seats left must be exact. */
    async countBookings(eventId: number): Promise<Map<number, number>> {
      const rows = await bookingCounts.all({ eventId });
      return new Map(rows.map((r) => [r.session_id, r.n]));
    },

    /** `countBookings` and which of the sessions the user booked, in one read (a member's agenda with seat limits). */
    async countBookingsWithMine(eventId: number, userId: number): Promise<{ counts: Map<number, number>; mine: Set<number> }> {
      const rows = await bookingCountsWithMine.all({ eventId, userId });
      return {
        counts: new Map(rows.map((r) => [r.session_id, r.n])),
        mine: new Set(rows.filter((r) => r.mine === 1).map((r) => r.session_id)),
      };
    },

    async hasSession(eventId: number, sessionId: number): Promise<boolean> {
      const row = await kysely.selectFrom('sessions').select('id').where('event_id', '=', eventId).where('id', '=', sessionId).executeTakeFirst();
      return row !== undefined;
    },

    /** Ids of the event's sessions the user booked. */
    async findBookedSessionIds(eventId: number, userId: number): Promise<Set<number>> {
      const rows = await bookedIds.all({ eventId, userId });
      return new Set(rows.map((r) => r.session_id));
    },

    /** The documents attached to one session of the event, in upload order. */
    async findSessionDocuments(eventId: number, sessionId: number): Promise<SessionDocumentRow[]> {
      const rows = await kysely.selectFrom('document_sessions as ds')
        .innerJoin('documents as d', 'd.id', 'ds.document_id')
        .select(['d.id', 'd.name', 'd.file_url', 'd.preview_url', 'd.doc_type', 'd.platforms', 'd.uploaded_at'])
        .where('d.event_id', '=', eventId).where('ds.session_id', '=', sessionId)
        .orderBy('d.uploaded_at').orderBy('d.id')
        .execute();
      return rows.map((r) => ({
        id: r.id, name: r.name, fileUrl: r.file_url, previewUrl: r.preview_url, docType: r.doc_type,
        platforms: parseJson<string[]>(r.platforms, ['digital']), uploadedAt: r.uploaded_at,
      }));
    },
  };
}

export type AgendaRepository = ReturnType<typeof createAgendaRepository>;
