import type { AnyDb, MigrationFactory } from './helpers';

/**
 * The picture the stream area shows until the first frame plays (docs/decisions.md "Organiser
 * console"); null falls back to the live background image.
 */
export const addStageHoldingImage: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema.alterTable('events').addColumn('holding_image_url', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('events').dropColumn('holding_image_url').execute();
  },
});
