import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '~/server/db/database';
import { isUniqueViolation } from '~/server/db/sql-values';

let db: Db | undefined;
let dir: string | undefined;

afterEach(async () => {
  await db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function eventValues(slug: string) {
  return {
    slug, name: slug.toUpperCase(), language_id: '1', time_zone: 'UTC', start_date: 'x', end_date: 'y', updated_at: 'z',
    is_active: true, is_registration_open: false, is_two_factor: false, live_lobby: true, live_stage: true, live_web_app: false,
    captions: '{}', features: '{}', branding: '{}',
  };
}

function openTemp(): Db {
  dir = mkdtempSync(join(tmpdir(), 'ep-sqlite-'));
  db = openDatabase({ dataDir: dir });
  return db;
}

describe('node:sqlite through kysely', () => {
  it('migrates an empty file and reports a unique violation on a duplicate slug', async () => {
    const handle = openTemp();
    expect(await migrateToLatest(handle)).toContain('0001_create_event_core');
    const event = eventValues('demo');
    const inserted = await handle.kysely.insertInto('events').values(event).returning('id').executeTakeFirstOrThrow();
    expect(inserted.id).toBe(1);
    const error = await handle.kysely.insertInto('events').values(event).execute().catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('stores booleans as 1/0, reads them back as booleans and enforces foreign keys', async () => {
    const handle = openTemp();
    await migrateToLatest(handle);
    await handle.kysely.insertInto('events').values({ ...eventValues('a'), is_active: true, is_two_factor: false }).execute();
    const stored = await sql<{ active: unknown; two_factor: unknown }>`select is_active as active, is_two_factor as two_factor from events`.execute(handle.kysely);
    expect(stored.rows[0]).toEqual({ active: 1, two_factor: 0 });
    const row = await handle.kysely.selectFrom('events').select(['is_active', 'is_two_factor as twoFactor', 'live_lobby']).executeTakeFirstOrThrow();
    expect(row).toEqual({ is_active: true, twoFactor: false, live_lobby: true });
    const orphan = handle.kysely.insertInto('tracks').values({ event_id: 999, key: 't', title: 'T', is_title_hidden: false, position: 0, header_background_color: null }).execute();
    await expect(orphan).rejects.toThrow(/FOREIGN KEY/);
  });

  it('runs a second migration as a no-op', async () => {
    const handle = openTemp();
    await migrateToLatest(handle);
    expect(await migrateToLatest(handle)).toEqual([]);
  });
});
