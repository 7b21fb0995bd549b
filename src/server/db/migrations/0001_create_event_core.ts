import { withId, withKey, withParent, indexOn, type AnyDb, type MigrationFactory } from './helpers';

export const createEventCore: MigrationFactory = (dialect) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('events'), dialect)
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('reg_event_code', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('language_id', 'text', (c) => c.notNull().defaultTo('1'))
      .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
      .addColumn('logo_url', 'text')
      .addColumn('favicon_url', 'text')
      .addColumn('login_caption', 'text')
      .addColumn('lobby_banner_text', 'text')
      .addColumn('stream_url', 'text')
      .addColumn('gamification_url', 'text')
      .addColumn('about_online_event', 'text')
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_registration_open', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text', (c) => c.notNull())
      .addColumn('is_two_factor', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('live_lobby', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('live_stage', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('live_web_app', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('live_faq_category', 'text')
      .addColumn('terms_text', 'text')
      .addColumn('results_password_hash', 'text')
      .addColumn('captions', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('features', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('branding', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await withKey(withParent(withId(db.schema.createTable('lobby_elements'), dialect), 'event_id', 'events.id'), 'event_id', 'lobby_elements')
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('category', 'text')
      .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();

    await withParent(withId(db.schema.createTable('users'), dialect), 'event_id', 'events.id')
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text')
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('title', 'text')
      .addColumn('about', 'text')
      .addColumn('about2', 'text')
      .addColumn('phone', 'text')
      .addColumn('company', 'text')
      .addColumn('job_title', 'text')
      .addColumn('address1', 'text')
      .addColumn('picture', 'text')
      .addColumn('linkedin', 'text')
      .addColumn('facebook', 'text')
      .addColumn('instagram', 'text')
      .addColumn('twitter', 'text')
      .addColumn('calculated_fields', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('is_hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_organiser', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      // One account per e-mail per event; the same person in two events has two accounts.
      .addUniqueConstraint('users_event_email_unique', ['event_id', 'email'])
      .execute();

    await withParent(withParent(withId(db.schema.createTable('registrations'), dialect), 'event_id', 'events.id'), 'user_id', 'users.id')
      .addColumn('ticket_code', 'text', (c) => c.notNull().unique())
      .addColumn('admitted_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await indexOn(db, 'registrations', ['user_id']);

    await withKey(withParent(withId(db.schema.createTable('groups'), dialect), 'event_id', 'events.id'), 'event_id', 'groups')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withParent(withParent(db.schema.createTable('group_members'), 'group_id', 'groups.id'), 'user_id', 'users.id')
      .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
      .execute();
    await indexOn(db, 'group_members', ['user_id']);
  },
  async down(db: AnyDb) {
    for (const table of ['group_members', 'groups', 'registrations', 'users', 'lobby_elements', 'events']) {
      await db.schema.dropTable(table).execute();
    }
  },
});
