import type { Insertable } from 'kysely';
import { openDatabase, type Db } from '~/server/db/database';
import type { CategoryTable, EventTable, SessionTable, SpeakerTable, TrackTable } from '~/server/db/schema';
import type { TestServer } from './harness';

/*
 * Rows written straight into the running test server's database (SQLite in WAL mode allows a
 * second connection; PostgreSQL is shared anyway). Call `close()` when done.
 */

let counter = 0;
const unique = (prefix: string) => `${prefix}${process.pid.toString(36)}${(++counter).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export interface Factories {
  db: Db;
  newEvent(fields?: Partial<Insertable<EventTable>>): Promise<{ id: number; slug: string; host: string }>;
  newTrack(eventId: number, fields?: Partial<Insertable<TrackTable>>): Promise<number>;
  newSession(eventId: number, fields?: Partial<Insertable<SessionTable>> & { speakerIds?: number[]; categoryIds?: number[] }): Promise<number>;
  newSpeaker(eventId: number, fields?: Partial<Insertable<SpeakerTable>> & { categoryIds?: number[] }): Promise<number>;
  newCategory(eventId: number, fields?: Partial<Insertable<CategoryTable>>): Promise<number>;
  newBooking(sessionId: number, eventId: number): Promise<void>;
  close(): Promise<void>;
}

export function factories(server: TestServer): Factories {
  const db = openDatabase({ dataDir: server.dataDir, databaseUrl: server.databaseUrl });
  const { kysely } = db;
  const insertId = async (row: Promise<{ id: number }>) => Number((await row).id);

  return {
    db,
    async newEvent(fields = {}) {
      const slug = fields.slug ?? unique('ev');
      const id = await insertId(kysely.insertInto('events').values({
        slug, name: `Event ${slug}`, language_id: '1', time_zone: 'Europe/Oslo', is_active: 1, is_registration_open: 0,
        start_date: '2025-06-02T07:00:00.000Z', end_date: '2025-06-03T16:00:00.000Z', is_two_factor: 0,
        live_lobby: 1, live_stage: 1, live_web_app: 0, captions: '{}', features: '{}', branding: '{}',
        updated_at: new Date().toISOString(), ...fields,
      }).returning('id').executeTakeFirstOrThrow());
      return { id, slug, host: `${slug}.localhost` };
    },
    async newTrack(eventId, fields = {}) {
      return insertId(kysely.insertInto('tracks').values({
        event_id: eventId, key: unique('tr'), title: 'Main track', header_background_color: '#1f4fd1', is_title_hidden: 0, position: 0, ...fields,
      }).returning('id').executeTakeFirstOrThrow());
    },
    async newSession(eventId, { speakerIds = [], categoryIds = [], ...fields } = {}) {
      const id = await insertId(kysely.insertInto('sessions').values({
        event_id: eventId, key: unique('se'), title: 'A session', start_date: '2025-06-02T07:00:00.000Z',
        end_date: '2025-06-02T08:00:00.000Z', seat_limit: 0, ...fields,
      }).returning('id').executeTakeFirstOrThrow());
      for (const [position, speakerId] of speakerIds.entries()) {
        await kysely.insertInto('session_speakers').values({ session_id: id, speaker_id: speakerId, position }).execute();
      }
      for (const categoryId of categoryIds) {
        await kysely.insertInto('session_categories').values({ session_id: id, category_id: categoryId }).execute();
      }
      return id;
    },
    async newSpeaker(eventId, { categoryIds = [], ...fields } = {}) {
      const id = await insertId(kysely.insertInto('speakers').values({
        event_id: eventId, key: unique('sp'), first_name: 'Ada', last_name: 'Lovelace', links: '[]', position: 0, ...fields,
      }).returning('id').executeTakeFirstOrThrow());
      for (const categoryId of categoryIds) {
        await kysely.insertInto('speaker_categories').values({ speaker_id: id, category_id: categoryId }).execute();
      }
      return id;
    },
    async newCategory(eventId, fields = {}) {
      return insertId(kysely.insertInto('categories').values({
        event_id: eventId, key: unique('ca'), name: 'A category', category_type: 1, is_public: 1, position: 0, ...fields,
      }).returning('id').executeTakeFirstOrThrow());
    },
    async newBooking(sessionId, eventId) {
      const userId = await insertId(kysely.insertInto('users').values({
        event_id: eventId, email: `${unique('u')}@example.org`, first_name: 'B', last_name: 'Ooker', calculated_fields: '{}',
        is_hidden: 0, is_organiser: 0, created_at: new Date().toISOString(),
      }).returning('id').executeTakeFirstOrThrow());
      await kysely.insertInto('session_bookings').values({ session_id: sessionId, user_id: userId, created_at: new Date().toISOString() }).execute();
    },
    close: () => db.close(),
  };
}
