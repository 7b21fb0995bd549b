import { withId, withKey, withParent, type AnyDb, type MigrationFactory } from './helpers';

/** Sponsors with their categories, contact users and meeting rooms; documents. */
export const createSponsorsDocuments: MigrationFactory = (dialect) => ({
  async up(db: AnyDb) {
    await withKey(withParent(withId(db.schema.createTable('sponsors'), dialect), 'event_id', 'events.id'), 'event_id', 'sponsors')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('logo_url', 'text')
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('address', 'text')
      .addColumn('phone', 'text')
      .addColumn('email', 'text')
      .addColumn('website', 'text')
      .addColumn('links', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('description', 'text')
      .addColumn('stream_url', 'text')
      .addColumn('live_url', 'text')
      .execute();

    await withParent(withParent(db.schema.createTable('sponsor_categories'), 'sponsor_id', 'sponsors.id'), 'category_id', 'categories.id')
      .addPrimaryKeyConstraint('sponsor_categories_pk', ['sponsor_id', 'category_id'])
      .execute();

    await withParent(withParent(db.schema.createTable('sponsor_users'), 'sponsor_id', 'sponsors.id'), 'user_id', 'users.id')
      .addPrimaryKeyConstraint('sponsor_users_pk', ['sponsor_id', 'user_id'])
      .execute();

    await withKey(withParent(withId(db.schema.createTable('meeting_rooms'), dialect), 'sponsor_id', 'sponsors.id'), 'sponsor_id', 'meeting_rooms')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('room_url', 'text', (c) => c.notNull())
      .addColumn('start_date', 'text')
      .addColumn('end_date', 'text')
      .execute();

    await withKey(withParent(withId(db.schema.createTable('documents'), dialect), 'event_id', 'events.id'), 'event_id', 'documents')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('file_url', 'text', (c) => c.notNull())
      .addColumn('preview_url', 'text')
      .addColumn('doc_type', 'text', (c) => c.notNull())
      .addColumn('sponsor_id', 'integer', (c) => c.references('sponsors.id').onDelete('cascade'))
      .addColumn('platforms', 'text', (c) => c.notNull().defaultTo('["digital"]'))
      .addColumn('uploaded_at', 'text', (c) => c.notNull())
      .execute();

    await withParent(withParent(db.schema.createTable('document_sessions'), 'document_id', 'documents.id'), 'session_id', 'sessions.id')
      .addPrimaryKeyConstraint('document_sessions_pk', ['document_id', 'session_id'])
      .execute();
  },
  async down(db: AnyDb) {
    const tables = ['document_sessions', 'documents', 'meeting_rooms', 'sponsor_users', 'sponsor_categories', 'sponsors'];
    for (const table of tables) await db.schema.dropTable(table).execute();
  },
});
