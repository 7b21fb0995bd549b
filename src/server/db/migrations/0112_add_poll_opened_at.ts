import type { AnyDb, MigrationFactory } from './helpers';

/**
 * When a poll's round began: the first opening (by the console or an import) since it was made or
 * reset. A quiz's leaderboard ranks equal scores by the time from it to each submission. Polls
 * already open keep null (the opening is not known): their board ranks by submission and shows no time.
 */
export const addPollOpenedAt: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema.alterTable('polls').addColumn('opened_at', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('polls').dropColumn('opened_at').execute();
  },
});
