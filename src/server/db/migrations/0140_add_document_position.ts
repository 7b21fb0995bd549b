import type { AnyDb, MigrationFactory } from './helpers';

/**
 * The event's documents in the order an organiser gives them (docs/console.md "Content"); until
 * they do, every document is 0 and the newest comes first, as before.
 */
export const addDocumentPosition: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema.alterTable('documents').addColumn('position', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('documents').dropColumn('position').execute();
  },
});
