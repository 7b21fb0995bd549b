import type { ConsoleAgendaSession } from '~/contracts/console-agenda';
import type { Kysely } from 'kysely';
import type { Db } from '~/server/db/database';
import type { Database } from '~/server/db/schema';
import { isUniqueViolation } from '~/server/db/sql-values';
import { bumpEventVersion } from './event-version.repository';

/** A session's stored fields as the console writes them: the console's own, times in UTC, a seat limit of 0 for unlimited. */
export type SessionFields = Pick<ConsoleAgendaSession, 'title' | 'description' | 'startDate' | 'endDate' | 'trackId' | 'liveUrl' | 'speakerIds' | 'categoryIds'> & {
  seatLimit: number;
};

export interface SessionRecord extends SessionFields {
  id: number;
  key: string;
  booked: number;
}

/** The session as it is inside a change's transaction, its row locked: what a rule checks before the write. */
export interface LockedSession extends SessionRecord {
  bookerIds: number[];
}

/** What the event offers a session: its speakers (in their order), rooms (tracks) and session categories. */
export interface AgendaChoices {
  speakers: { id: number; firstName: string; lastName: string; jobTitle: string | null; company: string | null }[];
  rooms: { id: number; title: string }[];
  categories: { id: number; name: string }[];
}

/** Agenda categories (type 1, `agenda`, as publicCategories lists them; docs/agenda.md), public or not: the organiser files sessions under any. */
const SESSION_CATEGORY = 1;

/**
 * The console's writes of sessions. Each change is one transaction that locks the session row
 * first (PostgreSQL `FOR UPDATE`; SQLite has one writer), so the bookings a rule counts are the
 * bookings there are: a booking waits for the change, and the change for a booking
 * (booking.repository.ts), and the seat limit never drops under what is booked. Every change
 * bumps the event's version in the same transaction.
 */
export function createAgendaControlsRepository(db: Db) {
  const { kysely } = db;

  const group = <R extends { session_id: number }>(rows: R[], value: (row: R) => number): Map<number, number[]> => {
    const map = new Map<number, number[]>();
    for (const row of rows) {
      const list = map.get(row.session_id);
      if (list) list.push(value(row));
      else map.set(row.session_id, [value(row)]);
    }
    return map;
  };

  /** Speakers, categories and bookers of the event's sessions (or of one), by session. */
  async function links(q: Kysely<Database>, eventId: number, sessionId?: number) {
    const [speakers, categories, bookings] = await Promise.all([
      q.selectFrom('session_speakers as l').innerJoin('sessions as s', 's.id', 'l.session_id').where('s.event_id', '=', eventId)
        .$if(sessionId !== undefined, (w) => w.where('s.id', '=', sessionId!)).select(['l.session_id', 'l.speaker_id']).orderBy('l.session_id').orderBy('l.position').orderBy('l.speaker_id').execute(),
      q.selectFrom('session_categories as l').innerJoin('sessions as s', 's.id', 'l.session_id').where('s.event_id', '=', eventId)
        .$if(sessionId !== undefined, (w) => w.where('s.id', '=', sessionId!)).select(['l.session_id', 'l.category_id']).orderBy('l.category_id').execute(),
      q.selectFrom('session_bookings as l').innerJoin('sessions as s', 's.id', 'l.session_id').where('s.event_id', '=', eventId)
        .$if(sessionId !== undefined, (w) => w.where('s.id', '=', sessionId!)).select(['l.session_id', 'l.user_id']).orderBy('l.user_id').execute(),
    ]);
    return {
      speakers: group(speakers, (r) => r.speaker_id),
      categories: group(categories, (r) => r.category_id),
      booked: group(bookings, (r) => r.user_id),
    };
  }

  async function read(q: Kysely<Database>, eventId: number, sessionId?: number): Promise<LockedSession[]> {
    let query = q.selectFrom('sessions').select(['id', 'key', 'title', 'description', 'start_date', 'end_date', 'track_id', 'live_url', 'seat_limit'])
      .where('event_id', '=', eventId);
    if (sessionId !== undefined) query = query.where('id', '=', sessionId);
    const rows = await query.orderBy('start_date').orderBy('id').execute();
    const linked = await links(q, eventId, sessionId);
    return rows.map((r) => {
      const bookerIds = linked.booked.get(r.id) ?? [];
      return {
        id: r.id, key: r.key, title: r.title, description: r.description, startDate: r.start_date, endDate: r.end_date, trackId: r.track_id,
        liveUrl: r.live_url, seatLimit: r.seat_limit, speakerIds: linked.speakers.get(r.id) ?? [], categoryIds: linked.categories.get(r.id) ?? [],
        booked: bookerIds.length, bookerIds,
      };
    });
  }

  /** Locks and reads one session of the event, or undefined. */
  async function lockedSession(trx: Kysely<Database>, eventId: number, sessionId: number): Promise<LockedSession | undefined> {
    const lock = trx.selectFrom('sessions').select('id').where('id', '=', sessionId).where('event_id', '=', eventId);
    if (!(await (db.dialect === 'postgres' ? lock.forUpdate() : lock).executeTakeFirst())) return undefined;
    return (await read(trx, eventId, sessionId))[0];
  }

  async function writeLinks(trx: Kysely<Database>, sessionId: number, fields: SessionFields): Promise<void> {
    await trx.deleteFrom('session_speakers').where('session_id', '=', sessionId).execute();
    await trx.deleteFrom('session_categories').where('session_id', '=', sessionId).execute();
    if (fields.speakerIds.length > 0) {
      await trx.insertInto('session_speakers').values(fields.speakerIds.map((speakerId, position) => ({ session_id: sessionId, speaker_id: speakerId, position }))).execute();
    }
    if (fields.categoryIds.length > 0) {
      await trx.insertInto('session_categories').values(fields.categoryIds.map((categoryId) => ({ session_id: sessionId, category_id: categoryId }))).execute();
    }
  }

  const columns = (fields: SessionFields) => ({
    title: fields.title, description: fields.description, start_date: fields.startDate, end_date: fields.endDate,
    track_id: fields.trackId, live_url: fields.liveUrl, seat_limit: fields.seatLimit,
  });

  const strip = ({ bookerIds: _, ...session }: LockedSession): SessionRecord => session;

  return {
    /** The event's sessions in start order, each with its speakers, categories and bookings counted. */
    async list(eventId: number): Promise<SessionRecord[]> {
      return (await read(kysely, eventId)).map(strip);
    },

    async find(eventId: number, sessionId: number): Promise<SessionRecord | undefined> {
      const [found] = await read(kysely, eventId, sessionId);
      return found && strip(found);
    },

    async choices(eventId: number): Promise<AgendaChoices> {
      const [speakers, rooms, categories] = await Promise.all([
        kysely.selectFrom('speakers').select(['id', 'first_name', 'last_name', 'job_title', 'company'])
          .where('event_id', '=', eventId).orderBy('position').orderBy('last_name').orderBy('first_name').orderBy('id').execute(),
        kysely.selectFrom('tracks').select(['id', 'title']).where('event_id', '=', eventId).orderBy('position').orderBy('id').execute(),
        kysely.selectFrom('categories').select(['id', 'name'])
          .where('event_id', '=', eventId).where('category_type', '=', SESSION_CATEGORY).orderBy('position').orderBy('id').execute(),
      ]);
      return {
        speakers: speakers.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, jobTitle: r.job_title, company: r.company })),
        rooms, categories,
      };
    },

    /**
     * A new session under the first free key of `keyOf(attempt)` (a new random part each time);
     * answers its id.
     */
    async create(eventId: number, fields: SessionFields, keyOf: (attempt: number) => string, at: string): Promise<number> {
      for (let attempt = 0; ; attempt++) {
        try {
          return await kysely.transaction().execute(async (trx) => {
            const row = await trx.insertInto('sessions').values({ event_id: eventId, key: keyOf(attempt), subtitle: null, keywords: null, ...columns(fields) })
              .returning('id').executeTakeFirstOrThrow();
            const id = Number(row.id);
            await writeLinks(trx, id, fields);
            await bumpEventVersion(trx, eventId, at);
            return id;
          });
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 4) throw error;
        }
      }
    },

    /**
     * Writes the session's fields once `check` (given the session as it is, locked) has passed;
     * answers it as it was, or undefined when the event has no such session. A throw from
     * `check` leaves everything as it was.
     */
    async update(eventId: number, sessionId: number, fields: SessionFields, check: (current: LockedSession) => void, at: string): Promise<LockedSession | undefined> {
      return kysely.transaction().execute(async (trx) => {
        const current = await lockedSession(trx, eventId, sessionId);
        if (!current) return undefined;
        check(current);
        await trx.updateTable('sessions').set(columns(fields)).where('id', '=', sessionId).execute();
        await writeLinks(trx, sessionId, fields);
        await bumpEventVersion(trx, eventId, at);
        return current;
      });
    },

    /** Deletes the session with its bookings and links once `check` has passed; answers it as it was. */
    async remove(eventId: number, sessionId: number, check: (current: LockedSession) => void, at: string): Promise<LockedSession | undefined> {
      return kysely.transaction().execute(async (trx) => {
        const current = await lockedSession(trx, eventId, sessionId);
        if (!current) return undefined;
        check(current);
        for (const table of ['session_bookings', 'session_speakers', 'session_categories', 'document_sessions'] as const) {
          await trx.deleteFrom(table).where('session_id', '=', sessionId).execute();
        }
        await trx.deleteFrom('sessions').where('id', '=', sessionId).execute();
        await bumpEventVersion(trx, eventId, at);
        return current;
      });
    },
  };
}

export type AgendaControlsRepository = ReturnType<typeof createAgendaControlsRepository>;
