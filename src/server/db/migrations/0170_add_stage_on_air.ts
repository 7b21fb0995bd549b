import type { AnyDb, MigrationFactory } from './helpers';

/**
 * What is on the stage (docs/console.md "The stage's sources"): the session whose stream plays
 * instead of the main stream (null: the main stream, `stream_url`, which a session no longer
 * overwrites), and whether the holding picture covers the player for everyone (a break).
 */
export const addStageOnAir: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema.alterTable('events').addColumn('stage_session_id', 'integer').execute();
    await db.schema.alterTable('events').addColumn('holding_shown', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('events').dropColumn('holding_shown').execute();
    await db.schema.alterTable('events').dropColumn('stage_session_id').execute();
  },
});
