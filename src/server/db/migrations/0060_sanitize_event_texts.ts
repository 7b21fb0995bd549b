import { sanitizeRichText } from '~/server/shared/sanitize-html';
import type { AnyDb, MigrationFactory } from './helpers';

const COLUMNS = ['login_caption', 'about_online_event', 'lobby_banner_text', 'terms_text'] as const;

/**
 * Imports sanitise the event's rich texts when they write them; this sanitises rows stored
 * unsanitised by an import without that step, so getEventInfo never carries a script.
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
