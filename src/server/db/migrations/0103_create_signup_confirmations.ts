import { withParent, type AnyDb, type MigrationFactory } from './helpers';

/**
 * Self sign-ups whose e-mail address is not proven yet (docs/registration.md). While the row
 * exists the password chosen at sign-up waits here, not in `users.password_hash`, so it does not
 * log anyone in; `link_hash` names the confirmation link that will make it the password. Accounts
 * made any other way (import, organisers) have no row: their addresses count as proven.
 */
export const createSignupConfirmations: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await withParent(db.schema.createTable('signup_confirmations'), 'user_id', 'users.id')
      .addColumn('password_hash', 'text')
      .addColumn('link_hash', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('signup_confirmations_pk', ['user_id'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('signup_confirmations').execute();
  },
});
