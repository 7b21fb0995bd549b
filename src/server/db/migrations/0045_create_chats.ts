import { withId, withParent, indexOn, type AnyDb, type MigrationFactory } from './helpers';

/**
 * One-to-one and support chats. No earlier migration or the event file has chat
 * tables. `pair_key` makes "one chat per pair" a database rule: `<low id>:<high id>` for two
 * attendees, `support:<attendee id>` for an attendee's support chat, unique per event, so two
 * creates racing end with one row. A member's read state is one mark, the id of the last
 * message they have read; `readby` and unread counts are derived from it.
 */
export const createChats: MigrationFactory = (dialect) => ({
  async up(db: AnyDb) {
    await withParent(withId(db.schema.createTable('chats'), dialect), 'event_id', 'events.id')
      .addColumn('pair_key', 'text', (c) => c.notNull())
      .addColumn('is_support', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_message_at', 'text')
      .addUniqueConstraint('chats_event_pair_unique', ['event_id', 'pair_key'])
      .execute();

    await withParent(withParent(db.schema.createTable('chat_members'), 'chat_id', 'chats.id'), 'user_id', 'users.id')
      .addColumn('last_read_message_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('chat_members_pk', ['chat_id', 'user_id'])
      .execute();
    await indexOn(db, 'chat_members', ['user_id']);

    await withParent(withParent(withId(db.schema.createTable('chat_messages'), dialect), 'chat_id', 'chats.id'), 'user_id', 'users.id')
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await indexOn(db, 'chat_messages', ['chat_id', 'id']);
  },
  async down(db: AnyDb) {
    for (const table of ['chat_messages', 'chat_members', 'chats']) await db.schema.dropTable(table).execute();
  },
});
