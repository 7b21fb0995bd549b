import type { AnyDb, MigrationFactory } from './helpers';

/**
 * An archived poll (docs/console.md "Preparing polls"): deleted in the console while it had
 * answers. It leaves every attendee's list and the event file (its key is cleared, so an import
 * neither exports nor deletes it) and keeps its answers for the results pages and their exports.
 */
export const addPollArchive: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema.alterTable('polls').addColumn('archived_at', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('polls').dropColumn('archived_at').execute();
  },
});
