import { sql } from 'kysely';
import { withParent, indexOn, type AnyDb, type MigrationFactory } from './helpers';

/**
 * The running tallies split into stripes (docs/polls.md "Striped counters"). With one counter row
 * per poll and alternative, every vote bumps the same rows, so on PostgreSQL each vote's transaction
 * waits for the previous one's commit: a few hundred votes a second, whatever the pool. A vote bumps
 * the row of its stripe (user id modulo the stripe count), so up to that many commit side by side;
 * readers add the stripes up. Existing counts move to stripe 0.
 */
export const stripePollCounters: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await withParent(withParent(db.schema.createTable('poll_alternative_count_stripes'), 'alternative_id', 'poll_alternatives.id'), 'poll_id', 'polls.id')
      .addColumn('stripe', 'integer', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('poll_alternative_count_stripes_pk', ['alternative_id', 'stripe'])
      .execute();
    await indexOn(db, 'poll_alternative_count_stripes', ['poll_id']);
    await withParent(db.schema.createTable('poll_tally_stripes'), 'poll_id', 'polls.id')
      .addColumn('stripe', 'integer', (c) => c.notNull())
      .addColumn('answer_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('score_sum', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('poll_tally_stripes_pk', ['poll_id', 'stripe'])
      .execute();
    await sql`insert into poll_alternative_count_stripes (alternative_id, poll_id, stripe, count) select alternative_id, poll_id, 0, count from poll_alternative_counts`.execute(db);
    await sql`insert into poll_tally_stripes (poll_id, stripe, answer_count, score_sum) select poll_id, 0, answer_count, score_sum from poll_tallies`.execute(db);
    await db.schema.dropTable('poll_tallies').execute();
    await db.schema.dropTable('poll_alternative_counts').execute();
  },
  async down(db: AnyDb) {
    await withParent(db.schema.createTable('poll_alternative_counts'), 'alternative_id', 'poll_alternatives.id')
      .addColumn('poll_id', 'integer', (c) => c.notNull().references('polls.id').onDelete('cascade'))
      .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('poll_alternative_counts_pk', ['alternative_id'])
      .execute();
    await indexOn(db, 'poll_alternative_counts', ['poll_id']);
    await withParent(db.schema.createTable('poll_tallies'), 'poll_id', 'polls.id')
      .addColumn('answer_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('score_sum', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('poll_tallies_pk', ['poll_id'])
      .execute();
    await sql`insert into poll_alternative_counts (alternative_id, poll_id, count) select alternative_id, min(poll_id), sum(count) from poll_alternative_count_stripes group by alternative_id`.execute(db);
    await sql`insert into poll_tallies (poll_id, answer_count, score_sum) select poll_id, sum(answer_count), sum(score_sum) from poll_tally_stripes group by poll_id`.execute(db);
    await db.schema.dropTable('poll_tally_stripes').execute();
    await db.schema.dropTable('poll_alternative_count_stripes').execute();
  },
});
