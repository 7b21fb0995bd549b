import type { AnyDb, MigrationFactory } from './helpers';

/**
 * Whether a sponsor takes leads through its lead form (docs/console.md "Sponsors"): on unless an
 * organiser or the event file turns it off; the sponsor page's contact tab and the public lead
 * form follow it.
 */
export const addSponsorLeadForm: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema.alterTable('sponsors').addColumn('has_lead_form', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('sponsors').dropColumn('has_lead_form').execute();
  },
});
