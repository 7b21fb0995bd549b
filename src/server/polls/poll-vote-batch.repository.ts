import type { Kysely } from 'kysely';
import type { Database } from '~/server/db/schema';
import type { NewAnswer, SubmitOutcome, Totals } from './poll.repository';
import { answersOf, totalsOf, type PollReads } from './poll-reads.repository';
import { bumpCounts, bumpTallies, COUNTER_STRIPES, isSameAnswer } from './poll-writes.repository';

/** One attendee's single answer to one poll, waiting for its batch. */
export interface Vote {
  answer: NewAnswer;
  at: string;
  /** Polls whose running totals the outcome carries when the vote is stored. */
  totalsFor: number[];
}

interface Waiting extends Vote {
  resolve: (outcome: SubmitOutcome) => void;
  reject: (error: unknown) => void;
}

const keyOf = (answer: NewAnswer) => `${answer.pollId}:${answer.userId}`;

/** Picks what of `totals` a vote asked for (counts are per alternative id, so all may stay). */
function totalsPart(totals: Totals, pollIds: number[]): Totals {
  return { counts: totals.counts, tallies: totals.tallies.filter((t) => pollIds.includes(t.pollId)) };
}

/**
 * Writes votes of different (poll, attendee) pairs inside `trx` with one statement per table for
 * all of them, and tells each vote's outcome. UNIQUE (poll_id, user_id) decides who was first: a
 * vote whose row existed wrote nothing, and is `same` or `conflict` by the stored answer. All
 * votes of the batch go to one `stripe` of each counter: striped by voter, a batch of a few dozen
 * would lock every stripe, and two nodes' batches would queue on each other's rows.
 */
export async function writeVotes(trx: Kysely<Database>, reads: PollReads, votes: Vote[], stripe: number): Promise<SubmitOutcome[]> {
  // Ascending (poll, user) order, so two transactions inserting the same pairs wait in one order.
  const order = [...votes.keys()].sort((a, b) => votes[a]!.answer.pollId - votes[b]!.answer.pollId || votes[a]!.answer.userId - votes[b]!.answer.userId);
  const inserted = await trx.insertInto('poll_answers')
    .values(order.map((i) => {
      const { answer: a, at } = votes[i]!;
      return { poll_id: a.pollId, user_id: a.userId, template_id: a.templateId, free_text: a.freeText, score: a.score, comment: a.comment, created_at: at };
    }))
    .onConflict((oc) => oc.columns(['poll_id', 'user_id']).doNothing())
    .returning(['id', 'poll_id', 'user_id']).execute();
  const idOf = new Map(inserted.map((r) => [`${r.poll_id}:${r.user_id}`, r.id]));

  const fresh = votes.filter((v) => idOf.has(keyOf(v.answer)));
  const existing = votes.filter((v) => !idOf.has(keyOf(v.answer)));
  const stored = await answersOf(reads, trx, existing.map((v) => v.answer.userId), existing.map((v) => v.answer.pollId));

  const choices = fresh.flatMap(({ answer }) => answer.alternativeIds.map((alternativeId) => ({ answer, alternativeId })));
  if (choices.length > 0) {
    await trx.insertInto('poll_answer_choices')
      .values(choices.map(({ answer, alternativeId }) => ({ answer_id: idOf.get(keyOf(answer))!, alternative_id: alternativeId }))).execute();
  }
  await bumpCounts(trx, choices.map(({ answer, alternativeId }) => ({ alternativeId, pollId: answer.pollId, stripe, count: 1 })));
  await bumpTallies(trx, fresh.map(({ answer }) => ({ pollId: answer.pollId, stripe, answers: 1, scoreSum: answer.score ?? 0 })));
  const totals = await totalsOf(reads, trx, fresh.flatMap((v) => v.totalsFor));

  return votes.map(({ answer, totalsFor }): SubmitOutcome => {
    if (idOf.has(keyOf(answer))) return { kind: 'stored', pollIds: [answer.pollId], totals: totalsPart(totals, totalsFor) };
    const found = stored.find((s) => s.userId === answer.userId && s.pollId === answer.pollId);
    return found && isSameAnswer(found, answer) ? { kind: 'same' } : { kind: 'conflict', pollId: answer.pollId };
  });
}

/**
 * Batches single-answer submits (the vote burst): votes that arrive while a batch is
 * being written wait and go together in the next ONE transaction (writeVotes), so a burst costs
 * a handful of statements and round trips per batch instead of per vote, on either engine.
 * Every vote keeps its exact outcome, told only after the commit (an acknowledged vote is
 * durable). Two votes of the same pair never share a batch (the later one waits for the next and
 * then finds the row). When a batch fails, nothing of it was written: each of its votes is tried
 * again alone, so only a vote that fails by itself is refused. A vote waits at most one turn of
 * the event loop plus the batch ahead of it; at most `maxBatch` per transaction.
 */
export function createVoteBatcher(kysely: Kysely<Database>, reads: PollReads, maxBatch = 256) {
  let queue: Waiting[] = [];
  let busy = false;
  // Each batch takes the next stripe, from a random start, so two nodes' batches seldom share one.
  let stripe = Math.floor(Math.random() * COUNTER_STRIPES);

  async function write(batch: Waiting[]): Promise<void> {
    let outcomes: SubmitOutcome[];
    stripe = (stripe + 1) % COUNTER_STRIPES;
    const mine = stripe;
    try {
      outcomes = await kysely.transaction().execute((trx) => writeVotes(trx, reads, batch, mine));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const vote of batch) await write([vote]);
      return;
    }
    batch.forEach((vote, index) => vote.resolve(outcomes[index]!));
  }

  function nextBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const keys = new Set<string>();
    const rest: Waiting[] = [];
    for (const vote of queue) {
      const key = keyOf(vote.answer);
      if (batch.length < maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(vote);
      } else rest.push(vote);
    }
    queue = rest;
    return batch;
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) await write(nextBatch());
    busy = false;
  }

  return (vote: Vote): Promise<SubmitOutcome> => new Promise((resolve, reject) => {
    queue.push({ ...vote, resolve, reject });
    // Wait one turn of the event loop, so the votes read in the same poll phase share the batch.
    if (!busy) {
      busy = true;
      setImmediate(() => void drain());
    }
  });
}
