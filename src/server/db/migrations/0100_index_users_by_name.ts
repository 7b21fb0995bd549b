import { indexOn, type AnyDb, type MigrationFactory } from './helpers';

/**
 * The results table and its export list an event's participants by last name, first name, id
 * (docs/product.md §2). With this index the export's keyset pages walk the users in that order and stop at
 * the batch size, instead of grouping and sorting every answer of the poll for each batch.
 */
export const indexUsersByName: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await indexOn(db, 'users', ['event_id', 'last_name', 'first_name', 'id']);
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('users_event_id_last_name_first_name_id_idx').execute();
  },
});
