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
 * Issue 12: session, speaker and sponsor descriptions and information pages were sanitised on
 * every read; imports sanitise them now when they are written, and pages send them as stored.
 * This cleans what earlier imports stored (0060 did the event's own texts). Rows already clean
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
