import type { AnyDb, MigrationFactory } from './helpers';

/**
 * The first outcome of a write sent with an Idempotency-Key (docs/operations.md "Retries"): a
 * retry with the same key is answered this outcome instead of storing the write again. Rows go
 * with their user (an erasure) and after a day.
 */
export const createIdempotentRequests: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema.createTable('idempotent_requests')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('route', 'text', (c) => c.notNull())
      // Null while the first request is still being answered.
      .addColumn('status', 'integer')
      .addColumn('content_type', 'text')
      .addColumn('body', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotent_requests_pk', ['user_id', 'key'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('idempotent_requests').execute();
  },
});
