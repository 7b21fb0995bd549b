import type { Selectable } from 'kysely';
import type { Db } from '~/server/db/database';
import type { UserTable } from '~/server/db/schema';

export type UserRow = Selectable<UserTable>;

/** Reads of attendee accounts; an account belongs to exactly one event. */
export function createUserRepository({ kysely }: Db) {
  return {
    findByEmail(eventId: number, email: string): Promise<UserRow | undefined> {
      return kysely.selectFrom('users').selectAll().where('event_id', '=', eventId).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
    },

    findById(eventId: number, id: number): Promise<UserRow | undefined> {
      return kysely.selectFrom('users').selectAll().where('event_id', '=', eventId).where('id', '=', id).executeTakeFirst();
    },

    async setHidden(eventId: number, id: number, isHidden: boolean): Promise<void> {
      await kysely.updateTable('users').set({ is_hidden: isHidden ? 1 : 0 }).where('event_id', '=', eventId).where('id', '=', id).execute();
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
