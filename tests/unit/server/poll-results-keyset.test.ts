import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '~/server/db/database';
import { createPollResultsRepository, type AnswerFilter, type ParticipantRecord } from '~/server/poll-results/poll-results.repository';

const NOW = '2025-06-02T08:00:00.000Z';
const LATER = '2025-06-03T08:00:00.000Z';

async function newEvent(db: Db, slug: string): Promise<number> {
  const row = await sql<{ id: number }>`insert into events (slug, name, language_id, time_zone, is_active, is_registration_open, start_date, end_date,
    is_two_factor, live_lobby, live_stage, live_web_app, captions, features, branding, updated_at)
    values (${slug}, ${slug}, '1', 'Europe/Oslo', 1, 0, ${NOW}, ${NOW}, 0, 1, 1, 0, '{}', '{}', '{}', ${NOW}) returning id`.execute(db.kysely);
  return Number(row.rows[0]!.id);
}

async function newPoll(db: Db, eventId: number, key: string): Promise<number> {
  const row = await sql<{ id: number }>`insert into polls (event_id, key, position, title, question, question_type, access_key, is_public_results,
    is_comments_enabled, is_open, is_template, created_at) values (${eventId}, ${key}, 0, ${key}, 'Q?', 1, ${`${key}-${eventId}`}, 1, 0, 1, 0, ${NOW}) returning id`.execute(db.kysely);
  return Number(row.rows[0]!.id);
}

/** Every page of participantsAfter, `size` at a time. */
async function allPages(repository: ReturnType<typeof createPollResultsRepository>, eventId: number, pollIds: number[], filter: AnswerFilter, size: number) {
  const seen: ParticipantRecord[] = [];
  for (let after: ParticipantRecord | undefined; ;) {
    const page = await repository.participantsAfter(eventId, pollIds, filter, after, size);
    seen.push(...page);
    if (page.length < size) return seen;
    after = page.at(-1);
  }
}

describe('export keyset paging of participants (index on users by name, no GROUP BY)', () => {
  let db: Db;
  let eventId: number;
  let polls: number[];
  /** The expected table order: answered any of the polls, by last name, first name, id. */
  const expected: { id: number; first: string; last: string; late: boolean; polls: number[] }[] = [];

  beforeAll(async () => {
    db = openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'ep-unit-keyset-')) });
    await migrateToLatest(db);
    eventId = await newEvent(db, 'keyset');
    const other = await newEvent(db, 'keyset-other');
    polls = [await newPoll(db, eventId, 'a'), await newPoll(db, eventId, 'b')];
    const otherPoll = await newPoll(db, other, 'a');
    for (let i = 0; i < 120; i += 1) {
      // Few distinct names, so ties on last and first name cross page boundaries.
      const first = `F${i % 3}`;
      const last = `L${i % 4}`;
      for (const [event, poll] of [[eventId, polls], [other, [otherPoll]]] as const) {
        const user = await sql<{ id: number }>`insert into users (event_id, email, first_name, last_name, calculated_fields, is_hidden, is_organiser, created_at)
          values (${event}, ${`u${i}@keyset.test`}, ${first}, ${last}, '{}', 0, 0, ${NOW}) returning id`.execute(db.kysely);
        const id = Number(user.rows[0]!.id);
        // Some answer both polls (one row, not two), some one, some none.
        const answered = i % 5 === 0 ? [] : i % 2 === 0 ? poll : [poll[0]];
        const late = i % 3 === 0;
        for (const pollId of answered) {
          await sql`insert into poll_answers (poll_id, user_id, free_text, created_at) values (${pollId}, ${id}, 'x', ${late ? LATER : NOW})`.execute(db.kysely);
        }
        if (event === eventId && answered.length > 0) expected.push({ id, first, last, late, polls: [...answered] });
      }
    }
    expected.sort((a, b) => (a.last < b.last ? -1 : a.last > b.last ? 1 : a.first < b.first ? -1 : a.first > b.first ? 1 : a.id - b.id));
  });
  afterAll(async () => { await db?.close(); });

  it('lists each participant of the event once, in table order, whatever the page size', async () => {
    const repository = createPollResultsRepository(db);
    for (const size of [1, 7, 250]) {
      const rows = await allPages(repository, eventId, polls, {}, size);
      expect(rows.map((r) => r.userId)).toEqual(expected.map((e) => e.id));
    }
    const second = await allPages(repository, eventId, [polls[1]!], {}, 7);
    expect(second.map((r) => r.userId)).toEqual(expected.filter((e) => e.polls.includes(polls[1]!)).map((e) => e.id));
  });

  it('applies the answer filter to the answers, not the users', async () => {
    const rows = await allPages(createPollResultsRepository(db), eventId, polls, { from: '2025-06-03' }, 7);
    expect(rows.map((r) => r.userId)).toEqual(expected.filter((e) => e.late).map((e) => e.id));
  });

  it('walks the name index instead of sorting the answers', async () => {
    const plan = await sql<{ detail: string }>`explain query plan select users.id from users where users.event_id = ${eventId}
      and exists (select poll_answers.id from poll_answers where poll_answers.poll_id in (${polls[0]}, ${polls[1]}) and poll_answers.user_id = users.id)
      and (users.last_name, users.first_name, users.id) > ('L1', 'F1', 0) order by users.last_name, users.first_name, users.id limit 250`.execute(db.kysely);
    const details = plan.rows.map((r) => r.detail).join('\n');
    expect(details).toContain('users_event_id_last_name_first_name_id_idx');
    expect(details).not.toContain('TEMP B-TREE');
  });
});
