import { withId, withParent, indexOn, type AnyDb, type MigrationFactory } from './helpers';

/**
 * Identity beyond passwords: one-time login links (passwordless), SMS pins (two-factor),
 * pending passwords from recovery, and terms acceptances. Secrets are stored as hashes only.
 */
export const createIdentity: MigrationFactory = (dialect) => ({
  async up(db: AnyDb) {
    await withParent(withParent(withId(db.schema.createTable('login_links'), dialect), 'event_id', 'events.id'), 'user_id', 'users.id')
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await indexOn(db, 'login_links', ['user_id']);

    await withParent(withParent(withId(db.schema.createTable('two_factor_pins'), dialect), 'event_id', 'events.id'), 'user_id', 'users.id')
      // The public handle the client sends back with the pin; random, says nothing.
      .addColumn('pin_id', 'text', (c) => c.notNull().unique())
      .addColumn('pin_hash', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await indexOn(db, 'two_factor_pins', ['user_id']);

    // At most one pending password per account; the old password keeps working until this one is used.
    await withParent(db.schema.createTable('pending_passwords'), 'user_id', 'users.id')
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('pending_passwords_pk', ['user_id'])
      .execute();

    await withParent(withParent(withId(db.schema.createTable('terms_acceptances'), dialect), 'event_id', 'events.id'), 'user_id', 'users.id')
      .addColumn('terms_text', 'text', (c) => c.notNull())
      .addColumn('accepted_at', 'text', (c) => c.notNull())
      .execute();
    await indexOn(db, 'terms_acceptances', ['user_id']);
  },
  async down(db: AnyDb) {
    for (const table of ['terms_acceptances', 'pending_passwords', 'two_factor_pins', 'login_links']) {
      await db.schema.dropTable(table).execute();
    }
  },
});
