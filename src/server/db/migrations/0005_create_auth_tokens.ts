import { withId, withParent, indexOn, type AnyDb, type MigrationFactory } from './helpers';

/** Opaque access and refresh tokens, stored as SHA-256 hashes (never the token itself). */
export const createAuthTokens: MigrationFactory = (dialect) => ({
  async up(db: AnyDb) {
    await withParent(withParent(withId(db.schema.createTable('auth_tokens'), dialect), 'event_id', 'events.id'), 'user_id', 'users.id')
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await indexOn(db, 'auth_tokens', ['user_id']);
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('auth_tokens').execute();
  },
});
