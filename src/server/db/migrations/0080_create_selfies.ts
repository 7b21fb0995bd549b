import { withId, withKey, withParent, indexOn, type AnyDb, type MigrationFactory } from './helpers';

/**
 * The selfie tab (docs/product.md §2 stageTabSelfie, §7 getAllSelfieOverlays / uploadSelfieImage).
 * `selfie_overlays` come from the event file (keyed, in file order): a name and the URL of a
 * transparent PNG on this site. `selfies` are what attendees saved: the stored picture, and the
 * timeline post it became when it was posted (the post stays when the selfie row goes).
 */
export const createSelfies: MigrationFactory = (dialect) => ({
  async up(db: AnyDb) {
    await withKey(withParent(withId(db.schema.createTable('selfie_overlays'), dialect), 'event_id', 'events.id'), 'event_id', 'selfie_overlays')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('image_url', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await withParent(withParent(withId(db.schema.createTable('selfies'), dialect), 'event_id', 'events.id'), 'user_id', 'users.id')
      .addColumn('image_url', 'text', (c) => c.notNull())
      .addColumn('overlay_id', 'integer', (c) => c.references('selfie_overlays.id').onDelete('set null'))
      .addColumn('timeline_id', 'integer', (c) => c.references('timeline_items.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // A person's selfies are read for the privacy download and erasure.
    await indexOn(db, 'selfies', ['event_id', 'user_id']);
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('selfies').execute();
    await db.schema.dropTable('selfie_overlays').execute();
  },
});
