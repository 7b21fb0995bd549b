import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '~/server/db/database';
import { sanitizeProgrammeTexts } from '~/server/db/migrations/0085_sanitize_programme_texts';
import { storedRichTextOrNull } from '~/server/shared/sanitize-html';

describe('migration 0085: descriptions and information pages stored before imports sanitised them', () => {
  let db: Db;
  beforeAll(async () => {
    db = openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'ep-unit-0085-')) });
    await migrateToLatest(db);
  });
  afterAll(async () => { await db?.close(); });

  it('sanitises session, speaker and sponsor descriptions and page bodies; empty descriptions become null', async () => {
    const evil = '<p>Hi<script>alert(1)</script><img src="x" onerror="alert(2)"></p>';
    const { kysely } = db;
    const event = await kysely.insertInto('events').values({
      slug: 'old', name: 'Old', start_date: '2025-06-02T07:00:00Z', end_date: '2025-06-03T07:00:00Z', updated_at: '2025-06-01T00:00:00Z',
      language_id: '1', time_zone: 'UTC', is_active: true, is_registration_open: false, is_two_factor: false, live_lobby: true, live_stage: true, live_web_app: false,
      captions: '{}', features: '{}', branding: '{}',
    }).returning('id').executeTakeFirstOrThrow();
    const eventId = Number(event.id);
    const session = await kysely.insertInto('sessions').values({
      event_id: eventId, key: 's1', title: 'S', description: evil, start_date: '2025-06-02T07:00:00Z', end_date: '2025-06-02T08:00:00Z', seat_limit: 0,
    }).returning('id').executeTakeFirstOrThrow();
    const empty = await kysely.insertInto('sessions').values({
      event_id: eventId, key: 's2', title: 'S2', description: '<script>x()</script>', start_date: '2025-06-02T07:00:00Z', end_date: '2025-06-02T08:00:00Z', seat_limit: 0,
    }).returning('id').executeTakeFirstOrThrow();
    const speaker = await kysely.insertInto('speakers').values({
      event_id: eventId, key: 'p1', first_name: 'A', last_name: 'B', links: '[]', position: 0, description: '<p>Already <strong>clean</strong></p>',
    }).returning('id').executeTakeFirstOrThrow();
    const sponsor = await kysely.insertInto('sponsors').values({
      event_id: eventId, key: 'sp1', name: 'Acme', position: 0, links: '[]', description: evil,
    } as never).returning('id').executeTakeFirstOrThrow();
    const page = await kysely.insertInto('info_pages').values({
      event_id: eventId, key: 'i1', heading: 'H', body: evil, platforms: '["digital"]', position: 0,
    } as never).returning('id').executeTakeFirstOrThrow();

    await sanitizeProgrammeTexts('sqlite').up(kysely);

    const clean = '<p>Hi<img src="x" /></p>';
    expect((await kysely.selectFrom('sessions').select('description').where('id', '=', session.id).executeTakeFirstOrThrow()).description).toBe(clean);
    expect((await kysely.selectFrom('sessions').select('description').where('id', '=', empty.id).executeTakeFirstOrThrow()).description).toBeNull();
    expect((await kysely.selectFrom('speakers').select('description').where('id', '=', speaker.id).executeTakeFirstOrThrow()).description).toBe('<p>Already <strong>clean</strong></p>');
    expect((await kysely.selectFrom('sponsors').select('description').where('id', '=', sponsor.id).executeTakeFirstOrThrow()).description).toBe(clean);
    expect((await kysely.selectFrom('info_pages').select('body').where('id', '=', page.id).executeTakeFirstOrThrow()).body).toBe(clean);
  });
});

describe('stored rich text on read', () => {
  it('is sent as stored, or null when nothing readable is in it (no second sanitise)', () => {
    expect(storedRichTextOrNull('<p>Hi</p>')).toBe('<p>Hi</p>');
    expect(storedRichTextOrNull(' <p> </p><br /> ')).toBeNull();
    expect(storedRichTextOrNull('<p><img src="/a.png" /></p>')).toBe('<p><img src="/a.png" /></p>');
    expect(storedRichTextOrNull(null)).toBeNull();
    expect(storedRichTextOrNull('')).toBeNull();
  });
});
