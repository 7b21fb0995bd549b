import type { Db } from '~/server/db/database';

/** Who gave the code of which coded poll or quiz (migration 0102). */
export function createPollCodePassRepository({ kysely }: Db) {
  return {
    /** Records that the attendee gave the poll's code; giving it again changes nothing. */
    async grant(pollId: number, userId: number, now: string): Promise<void> {
      await kysely.insertInto('poll_code_passes').values({ poll_id: pollId, user_id: userId, created_at: now })
        .onConflict((oc) => oc.columns(['poll_id', 'user_id']).doNothing()).execute();
    },

    /** Who hears a coded quiz's item counts: the attendees who gave its code, and the event's organisers. */
    async audience(pollId: number, eventId: number): Promise<number[]> {
      const rows = await kysely.selectFrom('poll_code_passes').select('user_id').where('poll_id', '=', pollId)
        .union(kysely.selectFrom('users').select('id as user_id').where('event_id', '=', eventId).where('is_organiser', '=', true))
        .execute();
      return rows.map((row) => Number(row.user_id));
    },

    async has(pollId: number, userId: number): Promise<boolean> {
      const row = await kysely.selectFrom('poll_code_passes').select('poll_id').where('poll_id', '=', pollId).where('user_id', '=', userId).executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type PollCodePassRepository = ReturnType<typeof createPollCodePassRepository>;
