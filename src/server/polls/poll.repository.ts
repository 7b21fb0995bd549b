import { sql, type Kysely, type Selectable } from 'kysely';
import type { Db } from '~/server/db/database';
import { prepareQuery } from '~/server/db/prepared';
import type { Database, PollTable } from '~/server/db/schema';
import { answersOf, createPollReads, createViewReads, totalsOf, type PollReads } from './poll-reads.repository';
import { createVoteBatcher } from './poll-vote-batch.repository';
import { bumpCounts, bumpTallies, isSameAnswer, stripeOf } from './poll-writes.repository';

export { COUNTER_STRIPES } from './poll-writes.repository';

export interface PollRecord {
  id: number;
  eventId: number;
  parentId: number | null;
  sponsorId: number | null;
  title: string;
  question: string;
  description: string | null;
  questionType: number;
  accessKey: string;
  code: string | null;
  isPublicResults: boolean;
  isCommentsEnabled: boolean;
  isOpen: boolean;
  isTemplate: boolean;
}

export interface AlternativeRecord {
  id: number;
  pollId: number;
  text: string;
  value: number | null;
  color: string | null;
  isCorrect: boolean;
  /** The running tally (0 before the first vote). */
  count: number;
}

export interface AnswerRecord {
  pollId: number;
  templateId: number | null;
  freeText: string | null;
  score: number | null;
  comment: string | null;
  alternativeIds: number[];
}

export interface TallyRecord {
  pollId: number;
  answerCount: number;
  scoreSum: number;
}

/** An answer to store. `mayExist`: an existing row is fine whatever it holds (a hunt's own row). */
export interface NewAnswer extends AnswerRecord {
  userId: number;
  mayExist?: boolean;
}

/**
 * What a submit did: `stored` (at least one new row; the others existed with the same answer),
 * `same` (everything existed with the same answer: nothing written), or `conflict` (a row of
 * `pollId` exists with a different answer: nothing written).
 */
export type SubmitOutcome = { kind: 'stored'; pollIds: number[]; totals: Totals } | { kind: 'same' } | { kind: 'conflict'; pollId: number };

/** Running counts read inside a submit's transaction, right after its increments (so they include it). */
export interface Totals {
  /** Count per alternative id (alternatives never voted for are absent: 0). */
  counts: Map<number, number>;
  tallies: TallyRecord[];
}

const toPoll = (row: Selectable<PollTable>): PollRecord => ({
  id: row.id, eventId: row.event_id, parentId: row.parent_id,
  sponsorId: row.sponsor_id, title: row.title, question: row.question,
  description: row.description, questionType: row.question_type, accessKey: row.access_key, code: row.code,
  isPublicResults: row.is_public_results, isCommentsEnabled: row.is_comments_enabled,
  isOpen: row.is_open, isTemplate: row.is_template,
});

/** Thrown inside a submit's transaction to roll it back; never leaves this file. */
class Conflict extends Error {
  constructor(readonly pollId: number) {
    super('conflict');
  }
}

/** One submit's statements inside `trx`; throws Conflict (the caller rolls back). */
async function submitIn(trx: Kysely<Database>, reads: PollReads, answers: NewAnswer[], at: string, totalsFor: number[]): Promise<SubmitOutcome> {
  const inserted = await trx.insertInto('poll_answers')
    .values(answers.map((a) => ({
      poll_id: a.pollId, user_id: a.userId, template_id: a.templateId, free_text: a.freeText,
      score: a.score, comment: a.comment, created_at: at,
    })))
    .onConflict((oc) => oc.columns(['poll_id', 'user_id']).doNothing())
    .returning(['id', 'poll_id']).execute();
  const idByPoll = new Map(inserted.map((r) => [r.poll_id, r.id]));

  const existing = answers.filter((a) => !idByPoll.has(a.pollId) && !a.mayExist);
  if (existing.length > 0) {
    const stored = await answersOf(reads, trx, [answers[0]!.userId], existing.map((a) => a.pollId));
    for (const wanted of existing) {
      const found = stored.find((s) => s.pollId === wanted.pollId);
      if (!found || !isSameAnswer(found, wanted)) throw new Conflict(wanted.pollId);
    }
  }
  const fresh = answers.filter((a) => idByPoll.has(a.pollId)).sort((a, b) => a.pollId - b.pollId);
  if (fresh.length === 0) return { kind: 'same' as const };

  const stripe = stripeOf(answers[0]!.userId);
  const choices = fresh.flatMap((a) => a.alternativeIds.map((alternativeId) => ({ answer_id: idByPoll.get(a.pollId)!, alternative_id: alternativeId, poll_id: a.pollId })));
  if (choices.length > 0) {
    await trx.insertInto('poll_answer_choices').values(choices.map(({ answer_id, alternative_id }) => ({ answer_id, alternative_id }))).execute();
  }
  await bumpCounts(trx, choices.map(({ alternative_id, poll_id }) => ({ alternativeId: alternative_id, pollId: poll_id, stripe, count: 1 })));
  await bumpTallies(trx, fresh.map((a) => ({ pollId: a.pollId, stripe, answers: 1, scoreSum: a.score ?? 0 })));
  const totals = await totalsOf(reads, trx, totalsFor);
  return { kind: 'stored' as const, pollIds: fresh.map((a) => a.pollId), totals };
}

interface Queued {
  answers: NewAnswer[];
  at: string;
  totalsFor: number[];
  resolve: (outcome: SubmitOutcome) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit (SQLite): submits that arrive while the writer is busy are queued and written
 * together in ONE transaction, each inside its own savepoint, so one commit (the dearest
 * statement) serves many votes while every submit keeps its exact outcome: a conflict or an
 * error rolls back to its savepoint only. UNIQUE (poll_id, user_id) still decides: a later
 * submit in the batch sees the earlier one's row on the same connection. A submit waits at most
 * one turn of the event loop (plus the batch ahead of it); at most `maxBatch` per transaction.
 * Outcomes are told only after the commit, so an acknowledged vote is durable.
 */
function createGroupCommit(kysely: Kysely<Database>, reads: PollReads, maxBatch = 256) {
  let queue: Queued[] = [];
  let busy = false;

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      const outcomes: ({ ok: true; outcome: SubmitOutcome } | { ok: false; error: unknown })[] = [];
      try {
        await kysely.transaction().execute(async (trx) => {
          for (const [index, item] of batch.entries()) {
            const name = sql.raw(`vote_${index}`);
            await sql`savepoint ${name}`.execute(trx);
            try {
              outcomes.push({ ok: true, outcome: await submitIn(trx, reads, item.answers, item.at, item.totalsFor) });
            } catch (error) {
              await sql`rollback to savepoint ${name}`.execute(trx);
              outcomes.push(error instanceof Conflict ? { ok: true, outcome: { kind: 'conflict', pollId: error.pollId } } : { ok: false, error });
            }
            await sql`release savepoint ${name}`.execute(trx);
          }
        });
      } catch (error) {
        for (const item of batch) item.reject(error); // the commit itself failed: nothing of the batch stands
        continue;
      }
      batch.forEach((item, index) => {
        const result = outcomes[index]!;
        if (result.ok) item.resolve(result.outcome);
        else item.reject(result.error);
      });
    }
    busy = false;
  }

  return (answers: NewAnswer[], at: string, totalsFor: number[]): Promise<SubmitOutcome> =>
    new Promise((resolve, reject) => {
      queue.push({ answers, at, totalsFor, resolve, reject });
      // node:sqlite runs each statement synchronously, so a batch never lets the loop read new
      // requests: wait one turn, so the votes read in the same poll phase share the commit.
      if (!busy) {
        busy = true;
        setImmediate(() => void drain());
      }
    });
}

/**
 * Polls, their answers and running tallies; the only place that touches their tables.
 *
 * A submit is one short transaction: insert the answer rows (`ON CONFLICT (poll_id, user_id)
 * DO NOTHING` — the unique key, not a prior read, decides who was first), their choices, then
 * bump the tallies with `count = count + n` upserts on the voter's stripe of each counter
 * (COUNTER_STRIPES, poll-writes.repository.ts). Votes arriving together share one such
 * transaction (poll-vote-batch.repository.ts). No read-modify-write, no recount.
 */
export function createPollRepository({ kysely, dialect }: Db) {
  const reads = createPollReads(kysely);
  const viewReads = createViewReads(reads, kysely);
  // A single answer (a vote) goes through the batcher on either engine; a quiz or hunt (several
  // rows, all or nothing) through group commit on SQLite (one writer) or its own transaction.
  const votes = createVoteBatcher(kysely, reads);
  const group = dialect === 'sqlite' ? createGroupCommit(kysely, reads) : undefined;
  const talliesOf = prepareQuery(kysely, (p: { pollIds: number[] }) => kysely.selectFrom('poll_tally_stripes')
    .select((eb) => ['poll_id', eb.fn.sum<number>('answer_count').as('answer_count'), eb.fn.sum<number>('score_sum').as('score_sum')])
    .where('poll_id', 'in', p.pollIds).groupBy('poll_id'), ['pollIds']);
  const alternativesOf = prepareQuery(kysely, (p: { pollIds: number[] }) => kysely.selectFrom('poll_alternatives as a')
    .select((eb) => ['a.id', 'a.poll_id', 'a.text', 'a.value', 'a.color', 'a.is_correct',
      eb.selectFrom('poll_alternative_count_stripes as c').whereRef('c.alternative_id', '=', 'a.id').select((sub) => sub.fn.sum<number | null>('c.count').as('sum')).as('count')])
    .where('a.poll_id', 'in', p.pollIds).orderBy('a.poll_id').orderBy('a.position').orderBy('a.id'), ['pollIds']);
  return {
    async findPoll(eventId: number, id: number): Promise<PollRecord | undefined> {
      const row = await kysely.selectFrom('polls').selectAll().where('event_id', '=', eventId).where('id', '=', id).executeTakeFirst();
      return row && toPoll(row);
    },

    /** A top-level poll by its access key (the /polls/{pollAccessKey} page). */
    async findByAccessKey(eventId: number, accessKey: string): Promise<PollRecord | undefined> {
      const row = await kysely.selectFrom('polls').selectAll().where('event_id', '=', eventId).where('access_key', '=', accessKey)
        .where('parent_id', 'is', null).executeTakeFirst();
      return row && toPoll(row);
    },

    /** Open top-level polls of the given types with this code (docs/decisions.md: unique among open coded polls). */
    async findOpenByCode(eventId: number, code: string, types: readonly number[]): Promise<PollRecord[]> {
      const rows = await kysely.selectFrom('polls').selectAll().where('event_id', '=', eventId).where('code', '=', code)
        .where('parent_id', 'is', null).where('is_open', '=', true).where('question_type', 'in', [...types]).orderBy('id').execute();
      return rows.map(toPoll);
    },

    /** The event's top-level polls, quizzes, hunts and templates (the results page's lists). */
    async findTopLevel(eventId: number): Promise<PollRecord[]> {
      const rows = await kysely.selectFrom('polls').selectAll().where('event_id', '=', eventId).where('parent_id', 'is', null)
        .orderBy('position').orderBy('id').execute();
      return rows.map(toPoll);
    },

    async findPolls(ids: number[]): Promise<PollRecord[]> {
      if (ids.length === 0) return [];
      const rows = await kysely.selectFrom('polls').selectAll().where('id', 'in', ids).execute();
      return rows.map(toPoll);
    },

    async findItems(parentId: number): Promise<PollRecord[]> {
      const rows = await kysely.selectFrom('polls').selectAll().where('parent_id', '=', parentId).orderBy('position').orderBy('id').execute();
      return rows.map(toPoll);
    },

    /** The alternatives of these polls with their tallies, in position order. */
    async findAlternatives(pollIds: number[]): Promise<AlternativeRecord[]> {
      if (pollIds.length === 0) return [];
      const rows = await alternativesOf.all({ pollIds });
      return rows.map((r) => ({
        id: r.id, pollId: r.poll_id, text: r.text, value: r.value,
        color: r.color, isCorrect: r.is_correct, count: r.count ?? 0,
      }));
    },

    async findTallies(pollIds: number[]): Promise<TallyRecord[]> {
      if (pollIds.length === 0) return [];
      const rows = await talliesOf.all({ pollIds });
      return rows.map((r) => ({ pollId: r.poll_id, answerCount: r.answer_count, scoreSum: r.score_sum }));
    },

    /** The running counts and tallies of these polls (one query, shared by the requests that ask together). */
    findTotals(pollIds: number[]): Promise<Totals> {
      return viewReads.totals(pollIds);
    },

    /** The user's answers to these polls, for their view (one query, shared by the requests that ask together). */
    findViewAnswers(userId: number, pollIds: number[]): Promise<AnswerRecord[]> {
      return viewReads.answers(userId, pollIds);
    },

    /**
     * Which of `pollIds` the user has answered, in two queries whatever their number: an answer
     * of its own, or for a treasure hunt (type 3, answered item by item) every item answered.
     */
    async answeredAmong(userId: number, pollIds: number[]): Promise<Set<number>> {
      if (pollIds.length === 0) return new Set();
      const [own, hunts] = await Promise.all([
        kysely.selectFrom('poll_answers as a').innerJoin('polls as p', 'p.id', 'a.poll_id').select('a.poll_id')
          .where('a.user_id', '=', userId).where('a.poll_id', 'in', pollIds).where('p.question_type', '!=', 3).execute(),
        kysely.selectFrom('polls as item')
          .leftJoin('poll_answers as a', (join) => join.onRef('a.poll_id', '=', 'item.id').on('a.user_id', '=', userId))
          .innerJoin('polls as hunt', 'hunt.id', 'item.parent_id')
          .select((eb) => ['item.parent_id as huntId', eb.fn.count<number>('item.id').as('items'), eb.fn.count<number>('a.id').as('answered')])
          .where('hunt.question_type', '=', 3).where('item.parent_id', 'in', pollIds)
          .groupBy('item.parent_id').execute(),
      ]);
      const answered = new Set(own.map((r) => r.poll_id));
      for (const hunt of hunts) if (hunt.huntId !== null && hunt.answered === hunt.items) answered.add(hunt.huntId);
      return answered;
    },

    /**
     * Stores answers all or nothing; see the comment on the repository for why this cannot double
     * count. When something was stored, also reads the running totals of `totalsFor` (the polls
     * the caller will show) in the same transaction, so the answer needs no second round trip.
     */
    async submit(answers: NewAnswer[], at: string, totalsFor: number[] = []): Promise<SubmitOutcome> {
      const [only] = answers;
      if (only && answers.length === 1 && !only.mayExist) return votes({ answer: only, at, totalsFor });
      if (group) return group(answers, at, totalsFor);
      try {
        return await kysely.transaction().execute((trx) => submitIn(trx, reads, answers, at, totalsFor));
      } catch (error) {
        if (error instanceof Conflict) return { kind: 'conflict', pollId: error.pollId };
        throw error;
      }
    },
  };
}

export type PollRepository = ReturnType<typeof createPollRepository>;
