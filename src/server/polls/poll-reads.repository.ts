import { sql, type Kysely } from 'kysely';
import { prepareQuery, type QueryRunner } from '~/server/db/prepared';
import { createReadBatcher, padToPowerOfTwo } from '~/server/db/read-batcher';
import type { Database } from '~/server/db/schema';
import type { AnswerRecord, Totals } from './poll.repository';

/** A stored answer with the attendee it belongs to (a batch reads several attendees' at once). */
export interface OwnedAnswer extends AnswerRecord {
  userId: number;
}

/**
 * The reads a vote and its answer make (stored answers, running totals), built once (see
 * prepareQuery); each runs on the database or inside a submit's transaction.
 */
export function createPollReads(kysely: Kysely<Database>) {
  return {
    // One row per chosen alternative (or one with a null choice): an answer and its choices in one round trip.
    answers: prepareQuery(kysely, (p: { userIds: number[]; pollIds: number[] }) => kysely.selectFrom('poll_answers as a')
      .leftJoin('poll_answer_choices as c', 'c.answer_id', 'a.id')
      .select(['a.id', 'a.user_id', 'a.poll_id', 'a.template_id', 'a.free_text', 'a.score', 'a.comment', 'c.alternative_id'])
      .where('a.user_id', 'in', p.userIds).where('a.poll_id', 'in', p.pollIds).orderBy('a.id').orderBy('c.alternative_id'), ['userIds', 'pollIds']),
    // Alternatives' counts (kind 'a') and polls' tallies (kind 't') in one statement: one round trip, not two.
    totals: prepareQuery(kysely, (p: { pollIds: number[] }) => kysely.selectFrom('poll_alternative_count_stripes')
      .select((eb) => [sql<string>`'a'`.as('kind'), 'poll_id', 'alternative_id as id', eb.fn.sum<number>('count').as('n'), sql<number>`0`.as('score_sum')])
      .where('poll_id', 'in', p.pollIds).groupBy(['poll_id', 'alternative_id'])
      .unionAll(kysely.selectFrom('poll_tally_stripes')
        .select((eb) => [sql<string>`'t'`.as('kind'), 'poll_id', 'poll_id as id', eb.fn.sum<number>('answer_count').as('n'), eb.fn.sum<number>('score_sum').as('score_sum')])
        .where('poll_id', 'in', p.pollIds).groupBy('poll_id')), ['pollIds']),
  };
}
export type PollReads = ReturnType<typeof createPollReads>;

/** The stored answers of these attendees to these polls (every pair of the two lists that has one), in one query. */
export async function answersOf(reads: PollReads, q: QueryRunner, userIds: number[], pollIds: number[]): Promise<OwnedAnswer[]> {
  if (pollIds.length === 0 || userIds.length === 0) return [];
  const rows = await reads.answers.all({ userIds: [...new Set(userIds)], pollIds: [...new Set(pollIds)] }, q);
  const byId = new Map<number, OwnedAnswer>();
  for (const r of rows) {
    const id = r.id;
    let answer = byId.get(id);
    if (!answer) {
      answer = {
        userId: r.user_id, pollId: r.poll_id, templateId: r.template_id,
        freeText: r.free_text, score: r.score, comment: r.comment, alternativeIds: [],
      };
      byId.set(id, answer);
    }
    if (r.alternative_id !== null) answer.alternativeIds.push(r.alternative_id);
  }
  return [...byId.values()];
}

type TotalsRow = Awaited<ReturnType<PollReads['totals']['all']>>[number];

function toTotals(rows: TotalsRow[]): Totals {
  const counts = new Map<number, number>();
  const tallies: Totals['tallies'] = [];
  for (const r of rows) {
    if (r.kind === 'a') counts.set(r.id, r.n);
    else tallies.push({ pollId: r.id, answerCount: r.n, scoreSum: r.score_sum });
  }
  return { counts, tallies };
}

/** The running totals of these polls (sums of their stripes). */
export async function totalsOf(reads: PollReads, q: QueryRunner, pollIds: number[]): Promise<Totals> {
  if (pollIds.length === 0) return { counts: new Map(), tallies: [] };
  return toTotals(await reads.totals.all({ pollIds: [...new Set(pollIds)] }, q));
}

const merged = (parts: Totals[]): Totals => ({
  counts: new Map(parts.flatMap((t) => [...t.counts])), tallies: parts.flatMap((t) => t.tallies),
});

/**
 * The reads of a poll's view (GET liveGetPoll, the poll page), each asked by many requests at
 * once in a burst: those of one turn of the event loop share one query per kind
 * (createReadBatcher), still read after every one of them arrived.
 */
export function createViewReads(reads: PollReads, kysely: QueryRunner) {
  const totals = createReadBatcher(async (pollIds: number[]) => {
    const rows = await reads.totals.all({ pollIds: padToPowerOfTwo(pollIds) }, kysely);
    return new Map(pollIds.map((id) => [id, toTotals(rows.filter((r) => r.poll_id === id))]));
  });
  const answers = createReadBatcher(async (keys: string[]) => {
    const pairs = keys.map((key) => key.split(':').map(Number) as [number, number]);
    const rows = await answersOf(reads, kysely, padToPowerOfTwo([...new Set(pairs.map(([userId]) => userId))]), padToPowerOfTwo([...new Set(pairs.map(([, pollId]) => pollId))]));
    return new Map(rows.map((answer) => [`${answer.userId}:${answer.pollId}`, answer]));
  });
  return {
    async totals(pollIds: number[]): Promise<Totals> {
      return merged((await Promise.all(pollIds.map(totals))).filter((t): t is Totals => t !== undefined));
    },
    async answers(userId: number, pollIds: number[]): Promise<OwnedAnswer[]> {
      return (await Promise.all(pollIds.map((pollId) => answers(`${userId}:${pollId}`)))).filter((a): a is OwnedAnswer => a !== undefined);
    },
  };
}
