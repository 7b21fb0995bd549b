import type { Db } from '~/server/db/database';

/** What the console's Live now reads besides presence and the polls. */
export function createLiveNowRepository(db: Db) {
  const { kysely } = db;
  return {
    /** Of these online users, the attendees (not organisers) split by whether the door scanned them in. */
    async attendeesByPlatform(eventId: number, userIds: number[]): Promise<{ digital: number; inPerson: number }> {
      if (userIds.length === 0) return { digital: 0, inPerson: 0 };
      const rows = await kysely.selectFrom('users').leftJoin('registrations', 'registrations.user_id', 'users.id')
        .select(['users.id', 'registrations.admitted_at']).where('users.event_id', '=', eventId).where('users.is_organiser', '=', false)
        .where('users.id', 'in', userIds).execute();
      const admitted = new Set(rows.filter((r) => r.admitted_at !== null).map((r) => r.id));
      const attendees = new Set(rows.map((r) => r.id));
      return { digital: attendees.size - admitted.size, inPerson: admitted.size };
    },

    /** Support chats of the event with an attendee's message after this organiser's read mark. */
    async unreadSupportChats(eventId: number, organiserId: number): Promise<number> {
      const row = await kysely.selectFrom('chats')
        .innerJoin('chat_messages as m', 'm.chat_id', 'chats.id')
        .innerJoin('users as author', 'author.id', 'm.user_id')
        .leftJoin('chat_members as own', (join) => join.onRef('own.chat_id', '=', 'chats.id').on('own.user_id', '=', organiserId))
        .select((eb) => eb.fn.count<number>('chats.id').distinct().as('n'))
        .where('chats.event_id', '=', eventId).where('chats.is_support', '=', true).where('author.is_organiser', '=', false)
        .where((eb) => eb('m.id', '>', eb.fn.coalesce('own.last_read_message_id', eb.lit(0))))
        .executeTakeFirst();
      return row?.n ?? 0;
    },
  };
}

export type LiveNowRepository = ReturnType<typeof createLiveNowRepository>;
