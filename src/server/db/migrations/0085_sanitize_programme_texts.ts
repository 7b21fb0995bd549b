import { sanitizeOptional, sanitizeRichText } from '~/server/shared/sanitize-html';
import type { AnyDb, MigrationFactory } from './helpers';

/** Tables and their rich-text column; descriptions become null when nothing readable is left. */
const TEXTS = [
  { table: 'sessions', column: 'description', clean: sanitizeOptional },
  { table: 'speakers', column: 'description', clean: sanitizeOptional },
  { table: 'sponsors', column: 'description', clean: sanitizeOptional },
  { table: 'info_pages', column: 'body', clean: (html: string) => sanitizeRichText(html) },
] as const;

/**
 * Imports sanitise session, speaker and sponsor descriptions and information pages when they
 * write them, and pages send them as stored, never sanitising on read. This cleans rows stored
 * unsanitised by an import without that step (0060 does the event's own texts). Rows already clean
 * are left untouched. Not reversible: the unsafe markup is gone for good.
 */
export const sanitizeProgrammeTexts: MigrationFactory = () => ({
  async up(db: AnyDb) {
    for (const { table, column, clean } of TEXTS) {
      const rows = await db.selectFrom(table).select(['id', column]).where(column, 'is not', null).execute() as Record<string, unknown>[];
      for (const row of rows) {
        const value = row[column];
        if (typeof value !== 'string') continue;
        const cleaned = clean(value);
        if (cleaned !== value) await db.updateTable(table).set({ [column]: cleaned }).where('id', '=', row['id']).execute();
      }
    }
  },
});
