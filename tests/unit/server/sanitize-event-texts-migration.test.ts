import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '~/server/db/database';
import { sanitizeEventTexts } from '~/server/db/migrations/0060_sanitize_event_texts';

describe('migration 0060: event texts stored before imports sanitised them', () => {
  let db: Db;
  beforeAll(async () => {
    db = openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'ep-unit-0060-')) });
    await migrateToLatest(db);
  });
  afterAll(async () => { await db?.close(); });

  it('sanitises the four rich texts of existing events and leaves clean ones and other columns alone', async () => {
    const evil = '<p>Hi<script>alert(1)</script><img src="x" onerror="alert(2)"></p>';
    const row = await db.kysely.insertInto('events').values({
      slug: 'old', name: '<b>Name stays</b>', start_date: '2025-06-02T07:00:00Z', end_date: '2025-06-03T07:00:00Z', updated_at: '2025-06-01T00:00:00Z',
      language_id: '1', time_zone: 'UTC', is_active: true, is_registration_open: false, is_two_factor: false, live_lobby: true, live_stage: true, live_web_app: false,
      captions: '{}', features: '{}', branding: '{}',
      login_caption: evil, about_online_event: evil, lobby_banner_text: '<p>Already <strong>clean</strong></p>', terms_text: null,
    }).returning('id').executeTakeFirstOrThrow();

    await sanitizeEventTexts('sqlite').up(db.kysely);

    const after = await db.kysely.selectFrom('events').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(after.login_caption).toBe('<p>Hi<img src="x" /></p>');
    expect(after.about_online_event).toBe(after.login_caption);
    expect(after.lobby_banner_text).toBe('<p>Already <strong>clean</strong></p>');
    expect(after.terms_text).toBeNull();
    expect(after.name).toBe('<b>Name stays</b>');
  });
});
