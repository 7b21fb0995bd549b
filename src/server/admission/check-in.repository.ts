import type { Db } from '~/server/db/database';

/** The ticket behind a scanned or typed code, with the holder's first scan-in (any of their registrations). */
export interface TicketAtDoor {
  registrationId: number;
  userId: number;
  firstName: string;
  lastName: string;
  admittedAt: string | null;
}

export function createCheckInRepository({ kysely }: Db) {
  return {
    /** The event's ticket whose key (the QR) or ticket code (printed, typed; upper case as generated) is `code`. */
    async findTicket(eventId: number, code: string): Promise<TicketAtDoor | undefined> {
      const row = await kysely.selectFrom('registrations').innerJoin('users', 'users.id', 'registrations.user_id')
        .select((eb) => [
          'registrations.id', 'registrations.user_id', 'users.first_name', 'users.last_name',
          eb.selectFrom('registrations as r').select((r) => r.fn.min('r.admitted_at').as('a'))
            .whereRef('r.user_id', '=', 'registrations.user_id').as('admitted_at'),
        ])
        .where('registrations.event_id', '=', eventId)
        .where((eb) => eb.or([eb('registrations.ticket_key', '=', code), eb('registrations.ticket_code', 'in', [...new Set([code, code.toUpperCase()])])]))
        .executeTakeFirst();
      return row && {
        registrationId: row.id, userId: row.user_id, firstName: row.first_name, lastName: row.last_name,
        admittedAt: row.admitted_at ?? null,
      };
    },

    /** Sets the scan-in time unless it is set already; false when another scan came first. */
    async admit(registrationId: number, at: string): Promise<boolean> {
      const result = await kysely.updateTable('registrations').set({ admitted_at: at })
        .where('id', '=', registrationId).where('admitted_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * An organiser's check-in by hand (docs/console.md "People"): in sets the first ticket's time
     * unless one is set; out clears every ticket of the attendee. Answers the tickets the attendee has.
     */
    async setByHand(eventId: number, userId: number, admittedAt: string | null): Promise<number> {
      const tickets = await kysely.selectFrom('registrations').select('id').where('event_id', '=', eventId).where('user_id', '=', userId).orderBy('id').execute();
      if (tickets.length === 0) return 0;
      if (admittedAt === null) {
        await kysely.updateTable('registrations').set({ admitted_at: null }).where('event_id', '=', eventId).where('user_id', '=', userId).execute();
      } else {
        const admitted = await kysely.selectFrom('registrations').select('id').where('user_id', '=', userId).where('admitted_at', 'is not', null).executeTakeFirst();
        if (!admitted) await kysely.updateTable('registrations').set({ admitted_at: admittedAt }).where('id', '=', tickets[0]!.id).execute();
      }
      return tickets.length;
    },
  };
}

export type CheckInRepository = ReturnType<typeof createCheckInRepository>;
