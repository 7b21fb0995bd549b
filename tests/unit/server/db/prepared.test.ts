import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '~/server/db/database';
import { prepareQuery } from '~/server/db/prepared';
import type { Database } from '~/server/db/schema';
import { dropDatabase, freshDatabaseUrl } from '../../../api/harness';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function eventValues(slug: string) {
  return {
    slug, name: slug.toUpperCase(), language_id: '1', time_zone: 'UTC', start_date: 'x', end_date: 'y', updated_at: 'z',
    is_active: true, is_registration_open: false, is_two_factor: false, live_lobby: true, live_stage: true, live_web_app: false,
    captions: '{}', features: '{}', branding: '{}',
  };
}

function openSqlite(): Promise<Db> {
  const dir = mkdtempSync(join(tmpdir(), 'ep-prepared-'));
  const db = openDatabase({ dataDir: dir });
  cleanups.push(async () => { await db.close(); rmSync(dir, { recursive: true, force: true }); });
  return Promise.resolve(db);
}

async function openPostgres(): Promise<Db> {
  const url = await freshDatabaseUrl();
  const pool = new pg.Pool({ connectionString: url });
  // Dropping the database (with force) may still meet a connection the pool is closing.
  pool.on('error', () => undefined);
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const db: Db = { kysely, dialect: 'postgres', location: 'test', answers: () => Promise.resolve(true), close: () => kysely.destroy() };
  cleanups.push(async () => { await db.close(); await dropDatabase(url); });
  return db;
}

const dialects = [
  { name: 'SQLite', open: openSqlite, skip: false },
  { name: 'PostgreSQL', open: openPostgres, skip: !process.env['TEST_DATABASE_URL'] },
];

describe.each(dialects)('prepareQuery on $name', ({ open, skip }) => {
  async function seeded(): Promise<Db> {
    const db = await open();
    await migrateToLatest(db);
    await db.kysely.insertInto('events').values([eventValues('alpha'), eventValues('beta'), { ...eventValues('gamma'), is_active: false }]).execute();
    return db;
  }

  it.skipIf(skip)('builds and compiles once, then binds each call\'s values beside the fixed ones', async () => {
    const { kysely } = await seeded();
    let builds = 0;
    const activeBySlug = prepareQuery(kysely, (p: { slug: string }) => {
      builds += 1;
      return kysely.selectFrom('events').select(['id', 'name']).where('slug', '=', p.slug).where('is_active', '=', true);
    });
    expect(await activeBySlug.first({ slug: 'alpha' })).toMatchObject({ name: 'ALPHA' });
    expect(await activeBySlug.first({ slug: 'beta' })).toMatchObject({ name: 'BETA' });
    expect(await activeBySlug.first({ slug: 'gamma' })).toBeUndefined();
    expect(await activeBySlug.first({ slug: 'nobody\' or 1=1 --' })).toBeUndefined();
    expect(builds).toBe(1);
    await expect(activeBySlug.first({} as { slug: string })).rejects.toThrow('no value for slug');
  });

  it.skipIf(skip)('binds a value used twice and a limit, in the order the SQL needs them', async () => {
    const { kysely } = await seeded();
    const page = prepareQuery(kysely, (p: { after: number; size: number; slug: string }) => kysely.selectFrom('events').select('slug')
      .where((eb) => eb.or([eb('id', '>', p.after), eb('slug', '=', p.slug)])).orderBy('id').limit(p.size));
    expect((await page.all({ after: 1, size: 1, slug: 'alpha' })).map((r) => r.slug)).toEqual(['alpha']);
    expect((await page.all({ after: 1, size: 5, slug: 'none' })).map((r) => r.slug)).toEqual(['beta', 'gamma']);
    expect((await page.all({ size: 5, slug: 'gamma', after: 99 })).map((r) => r.slug)).toEqual(['gamma']);
  });

  it.skipIf(skip)('compiles a list once per length and binds its items', async () => {
    const { kysely } = await seeded();
    let builds = 0;
    const named = prepareQuery(kysely, (p: { ids: number[]; active: boolean }) => {
      builds += 1;
      return kysely.selectFrom('events').select('slug').where('id', 'in', p.ids).where('is_active', '=', p.active).orderBy('id');
    }, ['ids']);
    const slugs = async (ids: number[], active = true) => (await named.all({ ids, active })).map((r) => r.slug);
    expect(await slugs([1, 2])).toEqual(['alpha', 'beta']);
    expect(await slugs([2, 3])).toEqual(['beta']);
    expect(await slugs([3], false)).toEqual(['gamma']);
    expect(await slugs([3, 2, 1])).toEqual(['alpha', 'beta']);
    expect(builds).toBe(3);
  });

  it.skipIf(skip)('counts the rows a write changed', async () => {
    const { kysely } = await seeded();
    const bump = prepareQuery(kysely, (p: { id: number; name: string }) => kysely.updateTable('events')
      .set({ name: p.name, version: (eb) => eb('version', '+', 1) }).where('id', '=', p.id));
    expect(await bump.run({ id: 2, name: 'Beta 2' })).toBe(1);
    expect(await bump.run({ id: 99, name: 'none' })).toBe(0);
    const row = await kysely.selectFrom('events').select(['name', 'version']).where('id', '=', 2).executeTakeFirstOrThrow();
    expect({ name: row.name, version: row.version }).toEqual({ name: 'Beta 2', version: 2 });
  });

  it.skipIf(skip)('runs inside a transaction it is given, seeing its writes and rolling back with it', async () => {
    const { kysely } = await seeded();
    const bySlug = prepareQuery(kysely, (p: { slug: string }) => kysely.selectFrom('events').select('id').where('slug', '=', p.slug));
    await kysely.transaction().execute(async (trx) => {
      await trx.insertInto('events').values(eventValues('delta')).execute();
      expect(await bySlug.first({ slug: 'delta' }, trx)).toBeDefined();
      await trx.deleteFrom('events').where('slug', '=', 'delta').execute();
    });
    const failed = kysely.transaction().execute(async (trx) => {
      await trx.insertInto('events').values(eventValues('epsilon')).execute();
      expect(await bySlug.first({ slug: 'epsilon' }, trx)).toBeDefined();
      throw new Error('roll back');
    });
    await expect(failed).rejects.toThrow('roll back');
    expect(await bySlug.first({ slug: 'epsilon' })).toBeUndefined();
  });
});
