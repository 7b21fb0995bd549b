import { withParent, indexOn, type AnyDb, type MigrationFactory } from './helpers';

/**
 * Likes of timeline items. 0004 made `timeline_items` (posts, comments, promoted
 * items); this adds one like per user per item, held by the primary key, and the running count
 * on the item, bumped in the like's own transaction so reads never count rows.
 */
export const createTimelineLikes: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await withParent(withParent(db.schema.createTable('timeline_likes'), 'timeline_id', 'timeline_items.id'), 'user_id', 'users.id')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('timeline_likes_pk', ['timeline_id', 'user_id'])
      .execute();
    await indexOn(db, 'timeline_likes', ['user_id']);
    await db.schema.alterTable('timeline_items').addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    // Comments are read by their post.
    await indexOn(db, 'timeline_items', ['in_reply_to']);
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('timeline_items_in_reply_to_idx').execute();
    await db.schema.alterTable('timeline_items').dropColumn('likes_count').execute();
    await db.schema.dropTable('timeline_likes').execute();
  },
});
