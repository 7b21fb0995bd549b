import { sql } from 'kysely';
import { indexOn, type AnyDb, type MigrationFactory } from './helpers';

/**
 * Every token belongs to a family: the session one login started. Refreshing keeps the family
 * (and its absolute expiry); logout, a password change or a replayed refresh token revoke the
 * whole family. Tokens issued before this were issued in pairs (same user, same instant), which
 * is what their family is made of here.
 */
export const addTokenFamilies: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema.alterTable('auth_tokens').addColumn('family', 'text').execute();
    await db.updateTable('auth_tokens').set({ family: sql`'legacy:' || user_id || ':' || created_at` }).execute();
    await indexOn(db, 'auth_tokens', ['family']);
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('auth_tokens_family_idx').execute();
    await db.schema.alterTable('auth_tokens').dropColumn('family').execute();
  },
});
