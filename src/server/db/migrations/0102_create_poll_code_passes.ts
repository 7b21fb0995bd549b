import { withParent, type AnyDb, type MigrationFactory } from './helpers';

/**
 * Who gave the code of a coded poll or quiz (docs/product.md §8): only they may read and answer it. A row,
 * not a per-node memory, so a pass taken on one node holds on every node.
 */
export const createPollCodePasses: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await withParent(withParent(db.schema.createTable('poll_code_passes'), 'poll_id', 'polls.id'), 'user_id', 'users.id')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('poll_code_passes_pk', ['poll_id', 'user_id'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('poll_code_passes').execute();
  },
});
