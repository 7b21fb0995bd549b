import { withId, withKey, withParent, indexOn, type AnyDb, type MigrationFactory } from './helpers';

/** Polls (quizzes and treasure hunts are polls with item polls) and the social timeline. */
export const createPollsTimeline: MigrationFactory = (dialect) => ({
  async up(db: AnyDb) {
    await withKey(withParent(withId(db.schema.createTable('polls'), dialect), 'event_id', 'events.id'), 'event_id', 'polls')
      .addColumn('parent_id', 'integer', (c) => c.references('polls.id').onDelete('cascade'))
      .addColumn('sponsor_id', 'integer', (c) => c.references('sponsors.id').onDelete('set null'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('question', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('question_type', 'integer', (c) => c.notNull())
      .addColumn('access_key', 'text', (c) => c.notNull().unique())
      .addColumn('code', 'text')
      .addColumn('is_public_results', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_comments_enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_open', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_template', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await indexOn(db, 'polls', ['parent_id']);

    await withParent(withId(db.schema.createTable('poll_alternatives'), dialect), 'poll_id', 'polls.id')
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('value', 'integer')
      .addColumn('color', 'text')
      .addColumn('is_correct', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await indexOn(db, 'poll_alternatives', ['poll_id']);

    await withParent(withId(db.schema.createTable('timeline_items'), dialect), 'event_id', 'events.id')
      // Seeded posts carry a key; posts written by attendees do not.
      .addColumn('key', 'text')
      .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('in_reply_to', 'integer', (c) => c.references('timeline_items.id').onDelete('cascade'))
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('image_urls', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('is_promo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('link_mode', 'text')
      .addColumn('promo_link', 'text')
      .addColumn('promo_link_text', 'text')
      .addColumn('platforms', 'text', (c) => c.notNull().defaultTo('["digital"]'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('timeline_items_key_unique', ['event_id', 'key'])
      .execute();
    await indexOn(db, 'timeline_items', ['event_id', 'created_at']);
  },
  async down(db: AnyDb) {
    for (const table of ['timeline_items', 'poll_alternatives', 'polls']) await db.schema.dropTable(table).execute();
  },
});
