import { withId, withParent, indexOn, type AnyDb, type MigrationFactory } from './helpers';

/**
 * Results and admission logins (docs/product.md §6): their own short-lived sessions, apart from
 * attendee tokens, and the passwords they check. `scope` is `poll` (one access key), `generic`
 * (every poll's results) or `participant` (the admission lists). Only the token's hash is kept.
 * A poll may carry its own results password; the admission area its own (else the generic one).
 */
export const createResultsSessions: MigrationFactory = (dialect) => ({
  async up(db: AnyDb) {
    await withParent(withId(db.schema.createTable('results_sessions'), dialect), 'event_id', 'events.id')
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('poll_access_key', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await indexOn(db, 'results_sessions', ['expires_at']);
    await db.schema.alterTable('polls').addColumn('results_password_hash', 'text').execute();
    await db.schema.alterTable('events').addColumn('participants_password_hash', 'text').execute();
    // Results filter answers by poll and time (docs/product.md §4 date filter).
    await indexOn(db, 'poll_answers', ['poll_id', 'created_at']);
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('poll_answers_poll_id_created_at_idx').execute();
    await db.schema.alterTable('events').dropColumn('participants_password_hash').execute();
    await db.schema.alterTable('polls').dropColumn('results_password_hash').execute();
    await db.schema.dropTable('results_sessions').execute();
  },
});
