import { sql, type Kysely } from 'kysely';
import type { Db } from '~/server/db/database';
import type { Database } from '~/server/db/schema';
import { prepareQuery } from '~/server/db/prepared';

export interface BookableSession {
  id: number;
  title: string;
  subtitle: string | null;
  startDate: string;
  endDate: string;
  seatLimit: number;
}

/** What a booking attempt did: `booked` (a new row), `already` (it existed) or `full`. */
export type BookOutcome = 'booked' | 'already' | 'full';

/**
 * Session bookings. The seat limit holds under any concurrency because the database decides:
 *
 * 1. Every booking and cancel runs in one transaction that first locks the session row. On
 *    PostgreSQL that is `SELECT … FOR UPDATE`: a second booker of the same session waits there
 *    until the first commits. Under READ COMMITTED each later statement takes a fresh snapshot,
 *    so once the lock is granted the count below sees every booking committed before it.
 *    SQLite has one writer at a time: kysely runs the process's transactions one after another
 *    on its single connection, and another process's writer is refused (SQLITE_BUSY), never
 *    interleaved, so no row lock is needed (or possible: SQLite has no FOR UPDATE).
 * 2. The insert is conditional in one statement: `INSERT … SELECT … WHERE seat_limit = 0 OR
 *    (SELECT count(*) …) < seat_limit`, so count and insert cannot be split even without step 1.
 * 3. The primary key (session_id, user_id) makes a second booking by the same user a no-op
 *    (`ON CONFLICT DO NOTHING`) rather than a second seat.
 */
export function createBookingRepository(db: Db) {
  const { kysely } = db;
  // GET liveGetAgendaInfo/bookedSessions, on every agenda screen (see prepareQuery).
  const bookedSessions = prepareQuery(kysely, (p: { eventId: number; userId: number }) => kysely.selectFrom('session_bookings as b')
    .innerJoin('sessions as s', 's.id', 'b.session_id')
    .select(['s.id', 's.title', 's.subtitle', 's.start_date', 's.end_date', 's.seat_limit'])
    .where('s.event_id', '=', p.eventId).where('b.user_id', '=', p.userId)
    .orderBy('s.start_date').orderBy('s.id'));

  const countTaken = async (q: Kysely<Database>, sessionId: number): Promise<number> =>
    (await q.selectFrom('session_bookings').select((eb) => eb.fn.countAll<number>().as('n')).where('session_id', '=', sessionId).executeTakeFirstOrThrow()).n;

  /** Locks the session row until the transaction ends (PostgreSQL; SQLite serialises writers). */
  const lockSession = async (trx: Kysely<Database>, sessionId: number): Promise<void> => {
    const query = trx.selectFrom('sessions').select('id').where('id', '=', sessionId);
    await (db.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  };

  return {
    async findSession(eventId: number, sessionId: number): Promise<BookableSession | undefined> {
      const row = await kysely.selectFrom('sessions').select(['id', 'title', 'subtitle', 'start_date', 'end_date', 'seat_limit'])
        .where('event_id', '=', eventId).where('id', '=', sessionId).executeTakeFirst();
      return row && { id: row.id, title: row.title, subtitle: row.subtitle, startDate: row.start_date, endDate: row.end_date, seatLimit: row.seat_limit };
    },

    /** Books a seat if one is free; see the comment above for why this cannot overbook. */
    async book(sessionId: number, userId: number, at: string): Promise<{ outcome: BookOutcome; taken: number }> {
      return kysely.transaction().execute(async (trx) => {
        await lockSession(trx, sessionId);

        const inserted = await trx.insertInto('session_bookings')
          .columns(['session_id', 'user_id', 'created_at'])
          .expression((eb) => eb.selectFrom('sessions as s')
            .select([
              's.id',
              // Typed casts: PostgreSQL cannot infer a bare parameter's type in a select list.
              sql<number>`cast(${userId} as integer)`.as('user_id'),
              sql<string>`cast(${at} as text)`.as('created_at'),
            ])
            .where('s.id', '=', sessionId)
            .where((w) => w.or([
              w('s.seat_limit', '=', 0),
              w(w.selectFrom('session_bookings as b').select((c) => c.fn.countAll<number>().as('n')).whereRef('b.session_id', '=', 's.id'), '<', w.ref('s.seat_limit')),
            ])))
          .onConflict((oc) => oc.columns(['session_id', 'user_id']).doNothing())
          .executeTakeFirst();

        const taken = await countTaken(trx, sessionId);
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { outcome: 'booked' as const, taken };
        const mine = await trx.selectFrom('session_bookings').select('user_id')
          .where('session_id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
        return { outcome: mine ? ('already' as const) : ('full' as const), taken };
      });
    },

    /** Removes the user's booking (a no-op when there is none); returns the seats still taken. */
    async cancel(sessionId: number, userId: number): Promise<{ isRemoved: boolean; taken: number }> {
      return kysely.transaction().execute(async (trx) => {
        await lockSession(trx, sessionId);
        const deleted = await trx.deleteFrom('session_bookings').where('session_id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
        return { isRemoved: Number(deleted.numDeletedRows) > 0, taken: await countTaken(trx, sessionId) };
      });
    },

    async countBooked(sessionId: number): Promise<number> {
      return countTaken(kysely, sessionId);
    },

    /** The sessions of one event a user booked, in start order. */
    async findBookedSessions(eventId: number, userId: number): Promise<BookableSession[]> {
      const rows = await bookedSessions.all({ eventId, userId });
      return rows.map((r) => ({ id: r.id, title: r.title, subtitle: r.subtitle, startDate: r.start_date, endDate: r.end_date, seatLimit: r.seat_limit }));
    },
  };
}

export type BookingRepository = ReturnType<typeof createBookingRepository>;
