import { indexOn, withId, withParent, type AnyDb, type MigrationFactory } from './helpers';

/**
 * What attendees and visitors send to sponsors: leads (the public contact form and shared
 * contact info), contact messages, and meeting requests to a sponsor's contact users.
 */
export const createSponsorLeads: MigrationFactory = (dialect) => ({
  async up(db: AnyDb) {
    await withParent(withParent(withId(db.schema.createTable('sponsor_leads'), dialect), 'event_id', 'events.id'), 'sponsor_id', 'sponsors.id')
      // 'form' from the public lead form, 'contactInfo' when an attendee shares their profile.
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('company', 'text')
      .addColumn('description', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await indexOn(db, 'sponsor_leads', ['sponsor_id', 'created_at']);

    await withParent(withParent(withParent(withId(db.schema.createTable('sponsor_messages'), dialect), 'event_id', 'events.id'), 'sponsor_id', 'sponsors.id'), 'user_id', 'users.id')
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await indexOn(db, 'sponsor_messages', ['sponsor_id', 'created_at']);

    await withParent(withParent(withParent(withId(db.schema.createTable('meeting_requests'), dialect), 'sponsor_id', 'sponsors.id'), 'contact_user_id', 'users.id'), 'requester_id', 'users.id')
      .addColumn('created_at', 'text', (c) => c.notNull())
      // One open request per attendee and contact: asking twice is the same request.
      .addUniqueConstraint('meeting_requests_once', ['sponsor_id', 'contact_user_id', 'requester_id'])
      .execute();
  },
  async down(db: AnyDb) {
    for (const table of ['meeting_requests', 'sponsor_messages', 'sponsor_leads']) await db.schema.dropTable(table).execute();
  },
});
