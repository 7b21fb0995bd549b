import type { Kysely } from 'kysely';
import type { Database } from '~/server/db/schema';
import type { AnswerRecord } from './poll.repository';

/**
 * How many rows each running count is split into (migration 0101, docs/polls.md "Striped
 * counters"): votes of different stripes bump different rows, so on PostgreSQL up to this many
 * commit side by side instead of queueing on one row's lock.
 */
export const COUNTER_STRIPES = 8;
export const stripeOf = (userId: number) => userId % COUNTER_STRIPES;

const sameText = (a: string | null, b: string | null) => (a ?? '') === (b ?? '');
const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((id) => b.includes(id));
/** Whether a stored answer is the one sent again (then the submit is idempotent, not a conflict). */
export const isSameAnswer = (a: AnswerRecord, b: AnswerRecord) =>
  sameSet(a.alternativeIds, b.alternativeIds) && sameText(a.freeText, b.freeText) && sameText(a.comment, b.comment);

export interface CountBump { alternativeId: number; pollId: number; stripe: number; count: number }
export interface TallyBump { pollId: number; stripe: number; answers: number; scoreSum: number }

/**
 * Adds to the running counts with `count = count + n` upserts, one statement for all rows. Rows
 * of the same (alternative, stripe) are summed first (one statement may not update a row twice)
 * and go in ascending key order, so two PostgreSQL transactions never wait on each other's rows
 * crosswise (no deadlock).
 */
export async function bumpCounts(trx: Kysely<Database>, bumps: CountBump[]): Promise<void> {
  const byKey = new Map<string, CountBump>();
  for (const b of bumps) {
    const key = `${b.alternativeId}:${b.stripe}`;
    const seen = byKey.get(key);
    byKey.set(key, seen ? { ...seen, count: seen.count + b.count } : b);
  }
  const rows = [...byKey.values()].sort((a, b) => a.alternativeId - b.alternativeId || a.stripe - b.stripe);
  if (rows.length === 0) return;
  await trx.insertInto('poll_alternative_count_stripes')
    .values(rows.map((r) => ({ alternative_id: r.alternativeId, poll_id: r.pollId, stripe: r.stripe, count: r.count })))
    .onConflict((oc) => oc.columns(['alternative_id', 'stripe']).doUpdateSet((eb) => ({ count: eb('poll_alternative_count_stripes.count', '+', eb.ref('excluded.count')) })))
    .execute();
}

/** Adds to the polls' answer counts and score sums; the same rules as bumpCounts. */
export async function bumpTallies(trx: Kysely<Database>, bumps: TallyBump[]): Promise<void> {
  const byKey = new Map<string, TallyBump>();
  for (const b of bumps) {
    const key = `${b.pollId}:${b.stripe}`;
    const seen = byKey.get(key);
    byKey.set(key, seen ? { ...seen, answers: seen.answers + b.answers, scoreSum: seen.scoreSum + b.scoreSum } : b);
  }
  const rows = [...byKey.values()].sort((a, b) => a.pollId - b.pollId || a.stripe - b.stripe);
  if (rows.length === 0) return;
  await trx.insertInto('poll_tally_stripes')
    .values(rows.map((r) => ({ poll_id: r.pollId, stripe: r.stripe, answer_count: r.answers, score_sum: r.scoreSum })))
    .onConflict((oc) => oc.columns(['poll_id', 'stripe']).doUpdateSet((eb) => ({
      answer_count: eb('poll_tally_stripes.answer_count', '+', eb.ref('excluded.answer_count')),
      score_sum: eb('poll_tally_stripes.score_sum', '+', eb.ref('excluded.score_sum')),
    })))
    .execute();
}
