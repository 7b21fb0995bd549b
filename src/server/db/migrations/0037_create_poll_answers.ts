import { withId, withParent, indexOn, type AnyDb, type MigrationFactory } from './helpers';

/**
 * Answers to polls and the running tallies. One answer per attendee per poll or
 * quiz item, enforced by UNIQUE (poll_id, user_id); a quiz's own row marks it submitted.
 * Tallies are counters bumped in the answer's transaction, never recounted per vote.
 */
export const createPollAnswers: MigrationFactory = (dialect) => ({
  async up(db: AnyDb) {
    await withParent(withParent(withId(db.schema.createTable('poll_answers'), dialect), 'poll_id', 'polls.id'), 'user_id', 'users.id')
      // The template the poll ran from (templateQuizAnswer), kept when the template goes.
      .addColumn('template_id', 'integer', (c) => c.references('polls.id').onDelete('set null'))
      .addColumn('free_text', 'text')
      .addColumn('score', 'integer')
      .addColumn('comment', 'text')
      // Open-text moderation (docs/decisions.md: PresentType); unused by the attendee calls.
      .addColumn('is_selected', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('poll_answers_poll_user_unique', ['poll_id', 'user_id'])
      .execute();
    await indexOn(db, 'poll_answers', ['user_id']);

    await withParent(withParent(db.schema.createTable('poll_answer_choices'), 'answer_id', 'poll_answers.id'), 'alternative_id', 'poll_alternatives.id')
      .addPrimaryKeyConstraint('poll_answer_choices_pk', ['answer_id', 'alternative_id'])
      .execute();
    await indexOn(db, 'poll_answer_choices', ['alternative_id']);

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
  },
  async down(db: AnyDb) {
    for (const table of ['poll_tallies', 'poll_alternative_counts', 'poll_answer_choices', 'poll_answers']) await db.schema.dropTable(table).execute();
  },
});
