import { randomBytes } from 'node:crypto';
import type { AnyDb, MigrationFactory } from './helpers';

/**
 * The ticket key: the unguessable code (128 random bits, base64url) in ticket links
 * (/qrTicket/{key}) and admission QR codes, instead of the sequential registration id.
 * Existing registrations get theirs here; new ones at import.
 */
export const addTicketKeys: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema.alterTable('registrations').addColumn('ticket_key', 'text').execute();
    const rows = await db.selectFrom('registrations').select('id').execute() as { id: number }[];
    for (const row of rows) {
      await db.updateTable('registrations').set({ ticket_key: randomBytes(16).toString('base64url') }).where('id', '=', row.id).execute();
    }
    await db.schema.createIndex('registrations_ticket_key_unique').on('registrations').column('ticket_key').unique().execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('registrations_ticket_key_unique').execute();
    await db.schema.alterTable('registrations').dropColumn('ticket_key').execute();
  },
});
