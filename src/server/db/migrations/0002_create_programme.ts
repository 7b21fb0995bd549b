import { withId, withKey, withParent, indexOn, type AnyDb, type MigrationFactory } from './helpers';

/** Categories, tracks, sessions, speakers, bookings, information pages and documents. */
export const createProgramme: MigrationFactory = (dialect) => ({
  async up(db: AnyDb) {
    const eventOwned = (name: string) =>
      withKey(withParent(withId(db.schema.createTable(name), dialect), 'event_id', 'events.id'), 'event_id', name);

    await eventOwned('categories')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('category_type', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await eventOwned('tracks')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('header_background_color', 'text')
      .addColumn('is_title_hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await eventOwned('sessions')
      // NULL track: a breakout session (the contract's trackId '0').
      .addColumn('track_id', 'integer', (c) => c.references('tracks.id').onDelete('set null'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('subtitle', 'text')
      .addColumn('description', 'text')
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text', (c) => c.notNull())
      .addColumn('live_url', 'text')
      .addColumn('seat_limit', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('keywords', 'text')
      .execute();
    await indexOn(db, 'sessions', ['event_id', 'start_date']);

    await eventOwned('speakers')
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('job_title', 'text')
      .addColumn('company', 'text')
      .addColumn('description', 'text')
      .addColumn('phone', 'text')
      .addColumn('email', 'text')
      .addColumn('image_url', 'text')
      .addColumn('links', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withParent(withParent(db.schema.createTable('session_speakers'), 'session_id', 'sessions.id'), 'speaker_id', 'speakers.id')
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('session_speakers_pk', ['session_id', 'speaker_id'])
      .execute();
    await indexOn(db, 'session_speakers', ['speaker_id']);

    await withParent(withParent(db.schema.createTable('session_categories'), 'session_id', 'sessions.id'), 'category_id', 'categories.id')
      .addPrimaryKeyConstraint('session_categories_pk', ['session_id', 'category_id'])
      .execute();

    await withParent(withParent(db.schema.createTable('speaker_categories'), 'speaker_id', 'speakers.id'), 'category_id', 'categories.id')
      .addPrimaryKeyConstraint('speaker_categories_pk', ['speaker_id', 'category_id'])
      .execute();

    // One booking per user per session, enforced here rather than only in code.
    await withParent(withParent(db.schema.createTable('session_bookings'), 'session_id', 'sessions.id'), 'user_id', 'users.id')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('session_bookings_pk', ['session_id', 'user_id'])
      .execute();
    await indexOn(db, 'session_bookings', ['user_id']);

    await eventOwned('info_pages')
      .addColumn('heading', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('category', 'text')
      .addColumn('platforms', 'text', (c) => c.notNull().defaultTo('["digital"]'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: AnyDb) {
    const tables = ['info_pages', 'session_bookings', 'speaker_categories', 'session_categories',
      'session_speakers', 'speakers', 'sessions', 'tracks', 'categories'];
    for (const table of tables) await db.schema.dropTable(table).execute();
  },
});
