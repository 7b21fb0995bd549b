import type { Db } from '~/server/db/database';

export interface TicketHolder {
  registrationId: number;
  ticketKey: string;
  firstName: string;
  lastName: string;
}

/** The registrant behind a ticket key, within one event only. */
export function createTicketRepository({ kysely }: Db) {
  return {
    async findByKey(eventId: number, ticketKey: string): Promise<TicketHolder | undefined> {
      const row = await kysely.selectFrom('registrations').innerJoin('users', 'users.id', 'registrations.user_id')
        .select(['registrations.id', 'registrations.ticket_key', 'users.first_name', 'users.last_name'])
        .where('registrations.event_id', '=', eventId).where('registrations.ticket_key', '=', ticketKey).executeTakeFirst();
      return row && { registrationId: row.id, ticketKey: row.ticket_key, firstName: row.first_name, lastName: row.last_name };
    },
  };
}

export type TicketRepository = ReturnType<typeof createTicketRepository>;
