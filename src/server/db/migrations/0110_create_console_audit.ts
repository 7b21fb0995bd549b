import { withId, withParent, indexOn, type AnyDb, type MigrationFactory } from './helpers';

/**
 * What organisers changed from the console (docs/decisions.md "Organiser console"): who, what,
 * when, and the state before and after as JSON. Read newest first per event, by id.
 */
export const createConsoleAudit: MigrationFactory = (dialect) => ({
  async up(db: AnyDb) {
    await withParent(withId(db.schema.createTable('console_audit'), dialect), 'event_id', 'events.id')
      // Kept when the organiser's account goes (an erasure): the row still says what happened.
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('user_name', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await indexOn(db, 'console_audit', ['event_id', 'id']);
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('console_audit').execute();
  },
});
