import type { Db } from '~/server/db/database';
import { toInt } from '~/server/db/sql-values';

export interface TicketHolder {
  registrationId: number;
  firstName: string;
  lastName: string;
}

/** The registrant behind a registration id, within one event only. */
export function createTicketRepository({ kysely }: Db) {
  return {
    async find(eventId: number, registrationId: number): Promise<TicketHolder | undefined> {
      const row = await kysely.selectFrom('registrations').innerJoin('users', 'users.id', 'registrations.user_id')
        .select(['registrations.id', 'users.first_name', 'users.last_name'])
        .where('registrations.event_id', '=', eventId).where('registrations.id', '=', registrationId).executeTakeFirst();
      return row && { registrationId: toInt(row.id), firstName: row.first_name, lastName: row.last_name };
    },
  };
}

export type TicketRepository = ReturnType<typeof createTicketRepository>;
