import type { Db } from '~/server/db/database';
import type { PersonalDataSource } from '~/server/shared/personal-data';

/** A moderated post's state with the erased author's text, link text and id taken out. */
function withoutAuthor(state: string | null, userId: number): string | null {
  if (state === null) return null;
  const parsed = JSON.parse(state) as Record<string, unknown>;
  if (parsed['authorId'] !== userId) return state;
  return JSON.stringify({ ...parsed, message: null, linkText: null, authorId: null });
}

/**
 * The console changes an organiser made (docs/console.md "Activity"). Erasing keeps what happened
 * and forgets who did it: the rows lose the account and name. Moderated posts appear in the
 * rows by their author's id only, never by name; erasing their author takes out their text too.
 */
export function createAuditPersonalData({ kysely }: Db): PersonalDataSource {
  return {
    name: 'consoleActivity',
    async export({ eventId, userId }) {
      const rows = await kysely.selectFrom('console_audit').select(['id', 'action', 'target', 'created_at'])
        .where('event_id', '=', eventId).where('user_id', '=', userId).orderBy('id').execute();
      return rows.map((r) => ({ id: r.id, action: r.action, target: r.target, createdAt: r.created_at }));
    },
    async erase({ eventId, userId }) {
      await kysely.updateTable('console_audit').set({ user_id: null, user_name: '' }).where('event_id', '=', eventId).where('user_id', '=', userId).execute();
      // Moderated posts of the erased attendee: the entry stays, their text and id go.
      const author = [`%"authorId":${userId},%`, `%"authorId":${userId}}%`];
      const rows = await kysely.selectFrom('console_audit').select(['id', 'before', 'after']).where('event_id', '=', eventId)
        .where((eb) => eb.or([...author.map((p) => eb('before', 'like', p)), ...author.map((p) => eb('after', 'like', p))])).execute();
      for (const row of rows) {
        await kysely.updateTable('console_audit').set({ before: withoutAuthor(row.before, userId), after: withoutAuthor(row.after, userId) }).where('id', '=', row.id).execute();
      }
    },
  };
}
