import { withId, withParent, indexOn, type AnyDb, type MigrationFactory } from './helpers';

/**
 * Self-registration: an optional capacity per event (null = unlimited) and the
 * waiting list. People on the list have no account yet (they cannot log in); moving up turns
 * the entry into a user and a registration in one transaction. Only the hash of the cancel
 * token is stored, so the list names nobody's link.
 */
export const createSelfRegistration: MigrationFactory = (dialect) => ({
  async up(db: AnyDb) {
    await db.schema.alterTable('events').addColumn('capacity', 'integer').execute();
    await withParent(withId(db.schema.createTable('waiting_list'), dialect), 'event_id', 'events.id')
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('company', 'text')
      .addColumn('job_title', 'text')
      .addColumn('phone', 'text')
      .addColumn('password_hash', 'text')
      .addColumn('is_hidden', 'integer', (c) => c.notNull())
      .addColumn('terms_text', 'text')
      .addColumn('cancel_token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('waiting_list_event_email_unique', ['event_id', 'email'])
      .execute();
    await indexOn(db, 'waiting_list', ['event_id', 'id']);
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('waiting_list').execute();
    await db.schema.alterTable('events').dropColumn('capacity').execute();
  },
});
