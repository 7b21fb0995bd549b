import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '~/server/db/database';
import { createEventRepository } from '~/server/events/event.repository';
import { createTokenRepository } from '~/server/login/token.repository';
import { dropDatabase, freshDatabaseUrl } from '../../api/harness';

const NOW = '2025-06-02T08:00:00.000Z';

// The two reads every signed-in request makes, asked by many requests at once (one query each
// per turn of the event loop): every caller must get its own row. SQLite, and PostgreSQL too
// when TEST_DATABASE_URL is set.
describe('point reads of requests arriving together', () => {
  let db: Db;
  let url: string | undefined;
  const events: { id: number; slug: string }[] = [];
  const users: number[] = [];

  beforeAll(async () => {
    url = await freshDatabaseUrl();
    db = openDatabase({ databaseUrl: url, dataDir: mkdtempSync(join(tmpdir(), 'ep-unit-reads-')) });
    await migrateToLatest(db);
    for (const slug of ['alpha', 'beta', 'gamma']) {
      const { rows } = await sql<{ id: number }>`insert into events (slug, name, language_id, time_zone, is_active, is_registration_open, start_date, end_date,
        is_two_factor, live_lobby, live_stage, live_web_app, captions, features, branding, updated_at)
        values (${slug}, ${slug}, '1', 'UTC', 1, 0, ${NOW}, ${NOW}, 0, 1, 1, 0, '{}', '{}', '{}', ${NOW}) returning id`.execute(db.kysely);
      events.push({ id: Number(rows[0]!.id), slug });
    }
    for (const [index, event] of events.entries()) {
      const { rows } = await sql<{ id: number }>`insert into users (event_id, email, first_name, last_name, calculated_fields, is_hidden, is_organiser, created_at)
        values (${event.id}, ${`u${index}@reads.test`}, ${`First${index}`}, 'L', '{}', 0, 0, ${NOW}) returning id`.execute(db.kysely);
      users.push(Number(rows[0]!.id));
    }
    await createTokenRepository(db).insert(events.map((event, index) => ({
      eventId: event.id, userId: users[index]!, tokenHash: `hash-${index}`, kind: 'access' as const, family: `family-${index}`,
      createdAt: NOW, lastUsedAt: NOW, expiresAt: '2099-01-01T00:00:00.000Z',
    })));
  });
  afterAll(async () => {
    await db?.close();
    await dropDatabase(url);
  });

  it('finds each event by slug or numeric id, and none for an unknown one, when asked together', async () => {
    const repository = createEventRepository(db);
    const [byslug, byId, missing, again] = await Promise.all([
      repository.findVersion('beta'), repository.findVersion(String(events[2]!.id)), repository.findVersion('nowhere'), repository.findVersion('alpha'),
    ]);
    expect(byslug?.id).toBe(events[1]!.id);
    expect(byId?.id).toBe(events[2]!.id);
    expect(missing).toBeUndefined();
    expect(again?.id).toBe(events[0]!.id);
  });

  it('finds each token with its own account, and none for an unknown hash, when asked together', async () => {
    const repository = createTokenRepository(db);
    const found = await Promise.all(['hash-2', 'hash-0', 'unknown', 'hash-1'].map((hash) => repository.findWithUserByHash(hash)));
    expect(found.map((f) => f && [f.token.userId, f.user.firstName])).toEqual([
      [users[2], 'First2'], [users[0], 'First0'], undefined, [users[1], 'First1'],
    ]);
  });
});
