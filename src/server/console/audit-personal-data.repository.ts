import type { Db } from '~/server/db/database';
import type { PersonalDataSource } from '~/server/shared/personal-data';

/**
 * The console changes an organiser made (docs/console.md "Activity"). Erasing keeps what happened
 * and forgets who did it: the rows lose the account and name. Moderated posts appear in the
 * rows by their author's id only, never by name.
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
    },
  };
}
