import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    is_active: 1, is_registration_open: 0, is_two_factor: 0, live_lobby: 1, live_stage: 1, live_web_app: 0,
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

  it('stores booleans as 1/0 and enforces foreign keys', async () => {
    const handle = openTemp();
    await migrateToLatest(handle);
    await handle.kysely.insertInto('events').values({ ...eventValues('a'), is_active: true as unknown as number }).execute();
    const row = await handle.kysely.selectFrom('events').select('is_active').executeTakeFirstOrThrow();
    expect(row.is_active).toBe(1);
    const orphan = handle.kysely.insertInto('tracks').values({ event_id: 999, key: 't', title: 'T', is_title_hidden: 0, position: 0, header_background_color: null }).execute();
    await expect(orphan).rejects.toThrow(/FOREIGN KEY/);
  });

  it('runs a second migration as a no-op', async () => {
    const handle = openTemp();
    await migrateToLatest(handle);
    expect(await migrateToLatest(handle)).toEqual([]);
  });
});
