import { sanitizeRichText } from '~/server/shared/sanitize-html';
import type { AnyDb, MigrationFactory } from './helpers';

const COLUMNS = ['login_caption', 'about_online_event', 'lobby_banner_text', 'terms_text'] as const;

/**
 * Issue 11: the event's rich texts were stored as the event file gave them. Imports sanitise
 * them now; this sanitises what earlier imports stored, so getEventInfo never carries a script.
 * Rows already clean are left untouched. Not reversible: the unsafe markup is gone for good.
 */
export const sanitizeEventTexts: MigrationFactory = () => ({
  async up(db: AnyDb) {
    const rows = await db.selectFrom('events').select(['id', ...COLUMNS]).execute() as Record<string, unknown>[];
    for (const row of rows) {
      const changes: Record<string, string> = {};
      for (const column of COLUMNS) {
        const value = row[column];
        if (typeof value !== 'string') continue;
        const clean = sanitizeRichText(value);
        if (clean !== value) changes[column] = clean;
      }
      if (Object.keys(changes).length > 0) await db.updateTable('events').set(changes).where('id', '=', row['id']).execute();
    }
  },
});
