import type { AnyDb, MigrationFactory } from './helpers';

/**
 * The browser a sign-up was made in (docs/registration.md): the hash of a secret kept in that
 * browser's `ep_signup` cookie. The sign-up's password and phone survive the address's proof only
 * when the proof comes from that browser; a waiting-list entry carries it to its place.
 */
export const addSignupBrowser: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema.alterTable('signup_confirmations').addColumn('browser_hash', 'text').execute();
    await db.schema.alterTable('waiting_list').addColumn('browser_hash', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('waiting_list').dropColumn('browser_hash').execute();
    await db.schema.alterTable('signup_confirmations').dropColumn('browser_hash').execute();
  },
});
