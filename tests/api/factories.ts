import type { Insertable } from 'kysely';
import { openDatabase, type Db } from '~/server/db/database';
import { sanitizeOptional } from '~/server/shared/sanitize-html';
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
  /** A poll (or quiz with `items`) with its alternatives; answers the ids to vote with. */
  newPoll(eventId: number, spec: PollSpec): Promise<NewPoll>;
  close(): Promise<void>;
}

export interface PollSpec {
  type: number;
  alternatives?: { text: string; value?: number; correct?: boolean }[];
  items?: PollSpec[];
  code?: string;
  isOpen?: boolean;
  isPublic?: boolean;
  isCommentsEnabled?: boolean;
  isTemplate?: boolean;
  /** The sponsor whose polls tab lists it (top-level polls only). */
  sponsorId?: number;
}

export interface NewPoll {
  id: number;
  accessKey: string;
  alternatives: number[];
  items: NewPoll[];
}

export function factories(server: TestServer): Factories {
  const db = openDatabase({ dataDir: server.dataDir, databaseUrl: server.databaseUrl });
  const { kysely } = db;
  const insertId = async (row: Promise<{ id: number }>) => Number((await row).id);
  // The import bumps the event's version with every change, and read models are kept per version
  // (src/server/shared/read-model-cache.ts): rows written behind the server's back do the same.
  // Rich text is sanitised when written (the import does it, event-file-rows.repository.ts):
  // rows written here take the same path, so tests see what the server stores and sends.
  const written = <T extends { description?: string | null }>(fields: T): T =>
    (typeof fields.description === 'string' ? { ...fields, description: sanitizeOptional(fields.description) } : fields);
  const touch = async <T>(eventId: number, written: T): Promise<T> => {
    await kysely.updateTable('events').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', eventId).execute();
    return written;
  };

  return {
    db,
    async newEvent(fields = {}) {
      const slug = fields.slug ?? unique('ev');
      const id = await insertId(kysely.insertInto('events').values({
        slug, name: `Event ${slug}`, language_id: '1', time_zone: 'Europe/Oslo', is_active: true, is_registration_open: false,
        start_date: '2025-06-02T07:00:00.000Z', end_date: '2025-06-03T16:00:00.000Z', is_two_factor: false,
        live_lobby: true, live_stage: true, live_web_app: false, captions: '{}', features: '{}', branding: '{}',
        updated_at: new Date().toISOString(), ...fields,
      }).returning('id').executeTakeFirstOrThrow());
      return { id, slug, host: `${slug}.localhost` };
    },
    async newTrack(eventId, fields = {}) {
      return touch(eventId, await insertId(kysely.insertInto('tracks').values({
        event_id: eventId, key: unique('tr'), title: 'Main track', header_background_color: '#1f4fd1', is_title_hidden: false, position: 0, ...fields,
      }).returning('id').executeTakeFirstOrThrow()));
    },
    async newSession(eventId, { speakerIds = [], categoryIds = [], ...fields } = {}) {
      const id = await insertId(kysely.insertInto('sessions').values({
        event_id: eventId, key: unique('se'), title: 'A session', start_date: '2025-06-02T07:00:00.000Z',
        end_date: '2025-06-02T08:00:00.000Z', seat_limit: 0, ...written(fields),
      }).returning('id').executeTakeFirstOrThrow());
      for (const [position, speakerId] of speakerIds.entries()) {
        await kysely.insertInto('session_speakers').values({ session_id: id, speaker_id: speakerId, position }).execute();
      }
      for (const categoryId of categoryIds) {
        await kysely.insertInto('session_categories').values({ session_id: id, category_id: categoryId }).execute();
      }
      return touch(eventId, id);
    },
    async newSpeaker(eventId, { categoryIds = [], ...fields } = {}) {
      const id = await insertId(kysely.insertInto('speakers').values({
        event_id: eventId, key: unique('sp'), first_name: 'Ada', last_name: 'Lovelace', links: '[]', position: 0, ...written(fields),
      }).returning('id').executeTakeFirstOrThrow());
      for (const categoryId of categoryIds) {
        await kysely.insertInto('speaker_categories').values({ speaker_id: id, category_id: categoryId }).execute();
      }
      return touch(eventId, id);
    },
    async newCategory(eventId, fields = {}) {
      return touch(eventId, await insertId(kysely.insertInto('categories').values({
        event_id: eventId, key: unique('ca'), name: 'A category', category_type: 1, is_public: true, position: 0, ...fields,
      }).returning('id').executeTakeFirstOrThrow()));
    },
    async newBooking(sessionId, eventId) {
      const userId = await insertId(kysely.insertInto('users').values({
        event_id: eventId, email: `${unique('u')}@example.org`, first_name: 'B', last_name: 'Ooker', calculated_fields: '{}',
        is_hidden: false, is_organiser: false, created_at: new Date().toISOString(),
      }).returning('id').executeTakeFirstOrThrow());
      await kysely.insertInto('session_bookings').values({ session_id: sessionId, user_id: userId, created_at: new Date().toISOString() }).execute();
    },
    async newPoll(eventId, spec) {
      const insert = async (p: PollSpec, parentId: number | null, position: number): Promise<NewPoll> => {
        const accessKey = unique('pk');
        const id = await insertId(kysely.insertInto('polls').values({
          event_id: eventId, key: accessKey, parent_id: parentId, position, title: `Poll ${accessKey}`, question: 'Which?',
          question_type: p.type, access_key: accessKey, code: p.code ?? null, is_public_results: p.isPublic !== false,
          is_comments_enabled: p.isCommentsEnabled === true, is_open: p.isOpen !== false, is_template: p.isTemplate === true,
          sponsor_id: parentId === null ? (p.sponsorId ?? null) : null, created_at: new Date().toISOString(),
        }).returning('id').executeTakeFirstOrThrow());
        const alternatives: number[] = [];
        for (const [i, a] of (p.alternatives ?? []).entries()) {
          alternatives.push(await insertId(kysely.insertInto('poll_alternatives').values({
            poll_id: id, position: i, text: a.text, value: a.value ?? null, color: null, is_correct: a.correct === true,
          }).returning('id').executeTakeFirstOrThrow()));
        }
        const items: NewPoll[] = [];
        for (const [i, item] of (p.items ?? []).entries()) items.push(await insert(item, id, i));
        return { id, accessKey, alternatives, items };
      };
      return insert(spec, null, 0);
    },
    close: () => db.close(),
  };
}
