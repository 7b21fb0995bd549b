import { withId, withParent, indexOn, type AnyDb, type MigrationFactory } from './helpers';

/**
 * Voucher movements per registration. The balance is derived (grants minus completed and
 * pending uses), so it can never disagree with the transactions that explain it.
 */
export const createVouchers: MigrationFactory = (dialect) => ({
  async up(db: AnyDb) {
    await withParent(withParent(withId(db.schema.createTable('voucher_transactions'), dialect), 'event_id', 'events.id'), 'registration_id', 'registrations.id')
      .addColumn('kind', 'text', (c) => c.notNull()) // 'grant' | 'use'
      .addColumn('status', 'text', (c) => c.notNull()) // 'completed' | 'pending'
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await indexOn(db, 'voucher_transactions', ['registration_id']);
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('voucher_transactions').execute();
  },
});
