import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '~/server/db/database';
import { migrationsFor } from '~/server/db/migrations/index';

const KEY_MIGRATION = '0055_add_ticket_keys';

describe('ticket key migration', () => {
  let db: Db | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('gives every existing registration its own 128-bit ticket key', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ep-migration-'));
    db = openDatabase({ dataDir: dir, databaseUrl: undefined });
    const migrations = migrationsFor(db.dialect);
    const names = Object.keys(migrations);
    expect(names).toContain(KEY_MIGRATION);
    for (const name of names.slice(0, names.indexOf(KEY_MIGRATION))) await migrations[name]!.up(db.kysely);

    const at = new Date().toISOString();
    const event = await db.kysely.insertInto('events').values({
      slug: 'old', name: 'Old', language_id: '1', time_zone: 'UTC', is_active: true, is_registration_open: false, start_date: at, end_date: at,
      is_two_factor: false, live_lobby: true, live_stage: true, live_web_app: false, captions: '{}', features: '{}', branding: '{}', updated_at: at,
    }).returning('id').executeTakeFirstOrThrow();
    for (let i = 0; i < 3; i += 1) {
      const user = await db.kysely.insertInto('users').values({
        event_id: event.id, email: `u${i}@x.test`, password_hash: null, first_name: 'U', last_name: String(i), calculated_fields: '{}', is_hidden: false, is_organiser: false, created_at: at,
      }).returning('id').executeTakeFirstOrThrow();
      // Written as before the migration: no ticket key column yet.
      await db.kysely.insertInto('registrations').values({ event_id: event.id, user_id: user.id, ticket_code: `T${i}`, created_at: at } as never).execute();
    }

    await migrations[KEY_MIGRATION]!.up(db.kysely);
    const keys = (await db.kysely.selectFrom('registrations').select('ticket_key').execute()).map((r) => r.ticket_key);
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(keys).size).toBe(3);
  });
});
