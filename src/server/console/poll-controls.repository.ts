import type { Db } from '~/server/db/database';
import { prepareQuery } from '~/server/db/prepared';

/** A poll's state as the console changes it. */
export interface ControlledPoll {
  id: number;
  parentId: number | null;
  title: string;
  questionType: number;
  accessKey: string;
  isOpen: boolean;
  isPublicResults: boolean;
  isTemplate: boolean;
}

export interface PollFlags {
  isOpen?: boolean;
  isPublicResults?: boolean;
}

/** The polls table as the console writes it: open, close, reveal results, reset answers. */
export function createPollControlsRepository(db: Db) {
  const { kysely } = db;
  const selectPolls = () => kysely.selectFrom('polls')
    .select(['id', 'parent_id', 'title', 'question_type', 'access_key', 'is_open', 'is_public_results', 'is_template']);
  type Row = Awaited<ReturnType<ReturnType<typeof selectPolls>['executeTakeFirstOrThrow']>>;
  const toPoll = (row: Row): ControlledPoll => ({
    id: row.id, parentId: row.parent_id, title: row.title, questionType: row.question_type,
    accessKey: row.access_key, isOpen: row.is_open, isPublicResults: row.is_public_results, isTemplate: row.is_template,
  });

  // The console's poll list, read on every poll change by every organiser (see prepareQuery).
  // Answers so far: the poll's running tally (a quiz's own row counts those who submitted it).
  const topLevel = prepareQuery(kysely, (p: { eventId: number }) => selectPolls()
    .select((eb) => eb.selectFrom('poll_tally_stripes as s').select((s) => s.fn.sum<number>('s.answer_count').as('n')).whereRef('s.poll_id', '=', 'polls.id').as('answers'))
    .where('event_id', '=', p.eventId).where('parent_id', 'is', null).where('is_template', '=', false).where('archived_at', 'is', null)
    .orderBy('position').orderBy('id'));

  return {
    async findPoll(eventId: number, id: number): Promise<ControlledPoll | undefined> {
      const row = await selectPolls().where('event_id', '=', eventId).where('id', '=', id).where('archived_at', 'is', null).executeTakeFirst();
      return row && toPoll(row);
    },

    /** The event's polls, quizzes and hunts (not their items, not templates), in the organiser's order, with their answers so far. */
    async listTopLevel(eventId: number): Promise<(ControlledPoll & { answers: number })[]> {
      const rows = await topLevel.all({ eventId });
      return rows.map((row) => ({ ...toPoll(row), answers: Number(row.answers ?? 0) }));
    },

    /** Answers so far per poll (a quiz's own row counts those who submitted it). */
    async answerCounts(pollIds: number[]): Promise<Map<number, number>> {
      if (pollIds.length === 0) return new Map();
      const rows = await kysely.selectFrom('poll_tally_stripes').select(['poll_id', (eb) => eb.fn.sum<number>('answer_count').as('n')])
        .where('poll_id', 'in', pollIds).groupBy('poll_id').execute();
      return new Map(rows.map((r) => [r.poll_id, r.n]));
    },

    /**
     * Sets a poll's flags (a quiz's items follow their quiz's). Opening starts the poll's round at
     * `at` unless one is running (`opened_at`: a reopening after a pause keeps the answer times
     * measured from the first opening). The event's version stays: the poll controls announce the
     * change (data-change `polls`), so nothing else of the event is read again.
     */
    async setFlags(eventId: number, id: number, flags: PollFlags, at: string): Promise<void> {
      return kysely.transaction().execute(async (trx) => {
        const values = {
          ...(flags.isOpen === undefined ? {} : { is_open: flags.isOpen }),
          ...(flags.isPublicResults === undefined ? {} : { is_public_results: flags.isPublicResults }),
        };
        await trx.updateTable('polls').set(values).where('event_id', '=', eventId).where('id', '=', id).execute();
        if (flags.isOpen === true) {
          await trx.updateTable('polls').set({ opened_at: at }).where('event_id', '=', eventId).where('id', '=', id).where('opened_at', 'is', null).execute();
        }
      });
    },

    /**
     * Deletes every answer to the poll and its items (their choices go by cascade) and zeroes its
     * running tallies, in one transaction; answers how many answers went. A new round starts: now
     * if the poll is open, else at its next opening.
     */
    async reset(eventId: number, id: number, at: string): Promise<{ removed: number }> {
      return kysely.transaction().execute(async (trx) => {
        const ids = (await trx.selectFrom('polls').select('id').where('event_id', '=', eventId)
          .where((eb) => eb.or([eb('id', '=', id), eb('parent_id', '=', id)])).execute()).map((r) => r.id);
        const removed = await trx.deleteFrom('poll_answers').where('poll_id', 'in', ids).executeTakeFirst();
        await trx.deleteFrom('poll_alternative_count_stripes').where('poll_id', 'in', ids).execute();
        await trx.deleteFrom('poll_tally_stripes').where('poll_id', 'in', ids).execute();
        const poll = trx.updateTable('polls').where('event_id', '=', eventId).where('id', '=', id);
        await poll.set({ opened_at: at }).where('is_open', '=', true).execute();
        await poll.set({ opened_at: null }).where('is_open', '=', false).execute();
        return { removed: Number(removed.numDeletedRows) };
      });
    },

    /** The items of a quiz or hunt (their tallies move with it). */
    async itemIds(id: number): Promise<number[]> {
      return (await kysely.selectFrom('polls').select('id').where('parent_id', '=', id).execute()).map((r) => r.id);
    },
  };
}

export type PollControlsRepository = ReturnType<typeof createPollControlsRepository>;
