import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '~/server/db/database';
import { createPollReads, createViewReads } from '~/server/polls/poll-reads.repository';
import { createVoteBatcher } from '~/server/polls/poll-vote-batch.repository';
import type { NewAnswer, SubmitOutcome } from '~/server/polls/poll.repository';
import { dropDatabase, freshDatabaseUrl } from '../../../api/harness';

const NOW = '2025-06-02T08:00:00.000Z';

// On SQLite, and on PostgreSQL as well when TEST_DATABASE_URL is set (a fresh database each run).
describe('votes and poll views under concurrency', () => {
  let db: Db;
  let url: string | undefined;
  let eventId: number;
  let userIds: number[];

  const one = async <T>(query: { execute(db: Db['kysely']): Promise<{ rows: T[] }> }) => (await query.execute(db.kysely)).rows[0]!;

  async function newPoll(key: string): Promise<{ id: number; alternatives: number[] }> {
    const poll = await one(sql<{ id: number }>`insert into polls (event_id, key, position, title, question, question_type, access_key, is_public_results,
      is_comments_enabled, is_open, is_template, created_at) values (${eventId}, ${key}, 0, ${key}, 'Q?', 0, ${`${key}-${eventId}`}, 1, 1, 1, 0, ${NOW}) returning id`);
    const alternatives: number[] = [];
    for (const text of ['yes', 'no', 'maybe']) {
      const row = await one(sql<{ id: number }>`insert into poll_alternatives (poll_id, position, text) values (${poll.id}, 0, ${text}) returning id`);
      alternatives.push(Number(row.id));
    }
    return { id: Number(poll.id), alternatives };
  }

  const vote = (userId: number, pollId: number, alternativeIds: number[], comment: string | null = null): NewAnswer =>
    ({ userId, pollId, templateId: null, freeText: null, score: null, comment, alternativeIds });

  async function stored(pollId: number) {
    const answers = await db.kysely.selectFrom('poll_answers').select((eb) => eb.fn.countAll().as('n')).where('poll_id', '=', pollId).executeTakeFirstOrThrow();
    const counts = await db.kysely.selectFrom('poll_alternative_count_stripes').select(['alternative_id', 'count']).where('poll_id', '=', pollId).execute();
    const tally = await db.kysely.selectFrom('poll_tally_stripes').select('answer_count').where('poll_id', '=', pollId).execute();
    const byAlternative = new Map<number, number>();
    for (const c of counts) byAlternative.set(Number(c.alternative_id), (byAlternative.get(Number(c.alternative_id)) ?? 0) + Number(c.count));
    return { answers: Number(answers.n), counts: byAlternative, tally: tally.reduce((sum, t) => sum + Number(t.answer_count), 0) };
  }

  beforeAll(async () => {
    url = await freshDatabaseUrl();
    db = openDatabase({ databaseUrl: url, dataDir: mkdtempSync(join(tmpdir(), 'ep-unit-votes-')) });
    await migrateToLatest(db);
    eventId = Number((await one(sql<{ id: number }>`insert into events (slug, name, language_id, time_zone, is_active, is_registration_open, start_date, end_date,
      is_two_factor, live_lobby, live_stage, live_web_app, captions, features, branding, updated_at)
      values ('votes', 'votes', '1', 'Europe/Oslo', 1, 0, ${NOW}, ${NOW}, 0, 1, 1, 0, '{}', '{}', '{}', ${NOW}) returning id`)).id);
    userIds = [];
    for (let i = 0; i < 120; i += 1) {
      const user = await one(sql<{ id: number }>`insert into users (event_id, email, first_name, last_name, calculated_fields, is_hidden, is_organiser, created_at)
        values (${eventId}, ${`u${i}@votes.test`}, 'F', 'L', '{}', 0, 0, ${NOW}) returning id`);
      userIds.push(Number(user.id));
    }
  });
  afterAll(async () => {
    await db?.close();
    await dropDatabase(url);
  });

  it('stores every vote once when 120 attendees vote three times each at once, and tallies them exactly', async () => {
    const submit = createVoteBatcher(db.kysely, createPollReads(db.kysely));
    const poll = await newPoll('burst');
    const choice = (i: number) => poll.alternatives[i % 3]!;
    const outcomes = await Promise.all(userIds.flatMap((userId, i) => [0, 1, 2].map(() =>
      submit({ answer: vote(userId, poll.id, [choice(i)]), at: NOW, totalsFor: [poll.id] }))));
    const kinds = outcomes.map((o) => o.kind);
    expect(kinds.filter((k) => k === 'stored')).toHaveLength(120);
    expect(kinds.filter((k) => k === 'same')).toHaveLength(240);
    const after = await stored(poll.id);
    expect(after.answers).toBe(120);
    expect(after.tally).toBe(120);
    expect(poll.alternatives.map((id) => after.counts.get(id))).toEqual([40, 40, 40]);
  });

  it('answers a stored vote with running totals that include it', async () => {
    const submit = createVoteBatcher(db.kysely, createPollReads(db.kysely));
    const poll = await newPoll('totals');
    const outcomes = await Promise.all(userIds.slice(0, 10).map((userId) =>
      submit({ answer: vote(userId, poll.id, [poll.alternatives[0]!]), at: NOW, totalsFor: [poll.id] })));
    for (const outcome of outcomes) {
      expect(outcome.kind).toBe('stored');
      const { totals } = outcome as Extract<SubmitOutcome, { kind: 'stored' }>;
      expect(totals.counts.get(poll.alternatives[0]!)).toBeGreaterThanOrEqual(1);
      expect(totals.tallies).toEqual([{ pollId: poll.id, answerCount: expect.any(Number) as number, scoreSum: 0 }]);
    }
    // The last batch's answer carries all ten.
    const largest = Math.max(...outcomes.map((o) => (o as Extract<SubmitOutcome, { kind: 'stored' }>).totals.tallies[0]!.answerCount));
    expect(largest).toBe(10);
  });

  it('refuses a different answer of the same attendee as a conflict, and stores nothing for it', async () => {
    const submit = createVoteBatcher(db.kysely, createPollReads(db.kysely));
    const poll = await newPoll('conflict');
    const [first, second] = await Promise.all([
      submit({ answer: vote(userIds[0]!, poll.id, [poll.alternatives[0]!]), at: NOW, totalsFor: [poll.id] }),
      submit({ answer: vote(userIds[0]!, poll.id, [poll.alternatives[1]!]), at: NOW, totalsFor: [poll.id] }),
    ]);
    expect([first.kind, second.kind]).toEqual(['stored', 'conflict']);
    const again = await submit({ answer: vote(userIds[0]!, poll.id, [poll.alternatives[0]!], 'now with a comment'), at: NOW, totalsFor: [poll.id] });
    expect(again).toEqual({ kind: 'conflict', pollId: poll.id });
    const after = await stored(poll.id);
    expect(after.answers).toBe(1);
    expect(after.counts.get(poll.alternatives[1]!)).toBeUndefined();
  });

  it('fails only the vote whose statement fails, and stores the others of its batch', async () => {
    const submit = createVoteBatcher(db.kysely, createPollReads(db.kysely));
    const poll = await newPoll('failing');
    const missingUser = Math.max(...userIds) + 1000; // no such user: the answers insert breaks its foreign key
    const results = await Promise.allSettled([
      ...userIds.slice(0, 20).map((userId) => submit({ answer: vote(userId, poll.id, [poll.alternatives[2]!]), at: NOW, totalsFor: [poll.id] })),
      submit({ answer: vote(missingUser, poll.id, [poll.alternatives[2]!]), at: NOW, totalsFor: [poll.id] }),
    ]);
    expect(results.slice(0, 20).map((r) => r.status === 'fulfilled' && r.value.kind)).toEqual(Array(20).fill('stored'));
    expect(results[20]!.status).toBe('rejected');
    const after = await stored(poll.id);
    expect(after.answers).toBe(20);
    expect(after.counts.get(poll.alternatives[2]!)).toBe(20);
    expect(after.tally).toBe(20);
  });

  it('writes votes arriving together in one transaction, not one per vote', async () => {
    let transactions = 0;
    // The batcher's database, counting the transactions it opens.
    const submit = createVoteBatcher(new Proxy(db.kysely, {
      get(target, key, receiver) {
        if (key !== 'transaction') return Reflect.get(target, key, receiver) as unknown;
        return () => {
          transactions += 1;
          return target.transaction();
        };
      },
    }), createPollReads(db.kysely));
    const poll = await newPoll('together');
    const outcomes = await Promise.all(userIds.slice(0, 50).map((userId) => submit({ answer: vote(userId, poll.id, [poll.alternatives[0]!]), at: NOW, totalsFor: [] })));
    expect(outcomes.every((o) => o.kind === 'stored')).toBe(true);
    expect(transactions).toBe(1);
  });

  it('answers each view read of a burst with its own poll\'s totals and its own attendee\'s answer, including votes stored before it', async () => {
    const reads = createPollReads(db.kysely);
    const submit = createVoteBatcher(db.kysely, reads);
    const view = createViewReads(reads, db.kysely);
    const polls = [await newPoll('view-a'), await newPoll('view-b')];
    // Attendee i votes on poll i % 2 for alternative i % 3.
    const voters = userIds.slice(0, 12);
    await Promise.all(voters.map((userId, i) => submit({ answer: vote(userId, polls[i % 2]!.id, [polls[i % 2]!.alternatives[i % 3]!]), at: NOW, totalsFor: [] })));
    const [totals, answers] = await Promise.all([
      Promise.all(polls.map((poll) => view.totals([poll.id]))),
      Promise.all(voters.map((userId) => view.answers(userId, polls.map((p) => p.id)))),
    ]);
    for (const [p, poll] of polls.entries()) {
      expect(totals[p]!.tallies).toEqual([{ pollId: poll.id, answerCount: 6, scoreSum: 0 }]);
      expect(poll.alternatives.map((id) => totals[p]!.counts.get(id))).toEqual([2, 2, 2]);
    }
    answers.forEach((mine, i) => {
      expect(mine.map((a) => [a.pollId, a.alternativeIds])).toEqual([[polls[i % 2]!.id, [polls[i % 2]!.alternatives[i % 3]]]]);
    });
  });

  it('bumps one stripe of each counter per batch, whoever voted', async () => {
    const submit = createVoteBatcher(db.kysely, createPollReads(db.kysely));
    const poll = await newPoll('one-stripe');
    await Promise.all(userIds.slice(0, 40).map((userId) => submit({ answer: vote(userId, poll.id, [poll.alternatives[1]!]), at: NOW, totalsFor: [] })));
    const stripes = await db.kysely.selectFrom('poll_alternative_count_stripes').select(['stripe', 'count']).where('poll_id', '=', poll.id).execute();
    expect(stripes.map((s) => Number(s.count))).toEqual([40]);
    const tallies = await db.kysely.selectFrom('poll_tally_stripes').select('answer_count').where('poll_id', '=', poll.id).execute();
    expect(tallies.map((t) => Number(t.answer_count))).toEqual([40]);
  });
});
