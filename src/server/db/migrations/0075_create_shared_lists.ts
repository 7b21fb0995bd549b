import { withId, withKey, withParent, type AnyDb, type MigrationFactory } from './helpers';

/**
 * Shared participant lists (docs/product.md §2 `/participants/{pinCode}`), defined in the event
 * file. The PIN is kept as given: it is a shared access code the export writes back, compared
 * in constant time and guarded by a rate limit (docs/admission.md). `columns` is JSON
 * `[{ field, label }]`, `group_keys` JSON group keys (members of any; empty: everyone).
 */
export const createSharedLists: MigrationFactory = (dialect) => ({
  async up(db: AnyDb) {
    await withKey(withParent(withId(db.schema.createTable('shared_lists'), dialect), 'event_id', 'events.id'), 'event_id', 'shared_lists')
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('pin', 'text', (c) => c.notNull())
      .addColumn('columns', 'text', (c) => c.notNull())
      .addColumn('group_keys', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('admission', 'text', (c) => c.notNull().defaultTo('all'))
      .addColumn('include_hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('shared_lists_pin_unique', ['event_id', 'pin'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('shared_lists').execute();
  },
});
