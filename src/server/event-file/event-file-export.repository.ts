import type { Transaction } from 'kysely';
import type { Db } from '~/server/db/database';
import type { Database } from '~/server/db/schema';
import { toInt } from '~/server/db/sql-values';

/** Reads everything an event file holds, in a stable order (file order = position, then id). */
export function createEventFileExportRepository(db: Db) {
  /** One read transaction, so a concurrent import cannot show half of itself. */
  function readEvent(slug: string) {
    return db.kysely.transaction().execute((kysely) => read(kysely, slug));
  }

  async function read(kysely: Transaction<Database>, slug: string) {
    const event = await kysely.selectFrom('events').selectAll().where('slug', '=', slug).executeTakeFirst();
    if (!event) return undefined;
    const id = toInt(event.id);
    const own = { sessions: kysely.selectFrom('sessions').select('id').where('event_id', '=', id) };
    const [lobbyElements, users, registrations, groups, groupMembers, categories, tracks, speakers, speakerCategories] = await Promise.all([
      kysely.selectFrom('lobby_elements').selectAll().where('event_id', '=', id).orderBy('position').orderBy('id').execute(),
      kysely.selectFrom('users').selectAll().where('event_id', '=', id).orderBy('id').execute(),
      kysely.selectFrom('registrations').select(['user_id', 'ticket_code']).where('event_id', '=', id).orderBy('id').execute(),
      kysely.selectFrom('groups').selectAll().where('event_id', '=', id).orderBy('id').execute(),
      kysely.selectFrom('group_members').innerJoin('groups', 'groups.id', 'group_members.group_id')
        .select(['group_members.group_id', 'group_members.user_id']).where('groups.event_id', '=', id).orderBy('group_members.user_id').execute(),
      kysely.selectFrom('categories').selectAll().where('event_id', '=', id).orderBy('position').orderBy('id').execute(),
      kysely.selectFrom('tracks').selectAll().where('event_id', '=', id).orderBy('position').orderBy('id').execute(),
      kysely.selectFrom('speakers').selectAll().where('event_id', '=', id).orderBy('position').orderBy('id').execute(),
      kysely.selectFrom('speaker_categories').innerJoin('speakers', 'speakers.id', 'speaker_categories.speaker_id')
        .select(['speaker_categories.speaker_id', 'speaker_categories.category_id']).where('speakers.event_id', '=', id)
        .orderBy('speaker_categories.category_id').execute(),
    ]);
    const [sessions, sessionSpeakers, sessionCategories, sponsors, sponsorCategories, sponsorUsers, meetingRooms] = await Promise.all([
      kysely.selectFrom('sessions').selectAll().where('event_id', '=', id).orderBy('id').execute(),
      kysely.selectFrom('session_speakers').selectAll().where('session_id', 'in', own.sessions).orderBy('position').orderBy('speaker_id').execute(),
      kysely.selectFrom('session_categories').selectAll().where('session_id', 'in', own.sessions).orderBy('category_id').execute(),
      kysely.selectFrom('sponsors').selectAll().where('event_id', '=', id).orderBy('position').orderBy('id').execute(),
      kysely.selectFrom('sponsor_categories').innerJoin('sponsors', 'sponsors.id', 'sponsor_categories.sponsor_id')
        .select(['sponsor_categories.sponsor_id', 'sponsor_categories.category_id']).where('sponsors.event_id', '=', id)
        .orderBy('sponsor_categories.category_id').execute(),
      kysely.selectFrom('sponsor_users').innerJoin('sponsors', 'sponsors.id', 'sponsor_users.sponsor_id')
        .select(['sponsor_users.sponsor_id', 'sponsor_users.user_id']).where('sponsors.event_id', '=', id).orderBy('sponsor_users.user_id').execute(),
      kysely.selectFrom('meeting_rooms').innerJoin('sponsors', 'sponsors.id', 'meeting_rooms.sponsor_id')
        .selectAll('meeting_rooms').where('sponsors.event_id', '=', id).orderBy('meeting_rooms.id').execute(),
    ]);
    const [infoPages, documents, documentSessions, polls, alternatives, timeline] = await Promise.all([
      kysely.selectFrom('info_pages').selectAll().where('event_id', '=', id).orderBy('position').orderBy('id').execute(),
      kysely.selectFrom('documents').selectAll().where('event_id', '=', id).orderBy('id').execute(),
      kysely.selectFrom('document_sessions').innerJoin('documents', 'documents.id', 'document_sessions.document_id')
        .select(['document_sessions.document_id', 'document_sessions.session_id']).where('documents.event_id', '=', id)
        .orderBy('document_sessions.session_id').execute(),
      kysely.selectFrom('polls').selectAll().where('event_id', '=', id).orderBy('position').orderBy('id').execute(),
      kysely.selectFrom('poll_alternatives').innerJoin('polls', 'polls.id', 'poll_alternatives.poll_id')
        .selectAll('poll_alternatives').where('polls.event_id', '=', id).orderBy('poll_alternatives.position').execute(),
      // Only keyed items come from files; attendees' own posts stay out of the export.
      kysely.selectFrom('timeline_items').selectAll().where('event_id', '=', id).where('key', 'is not', null).orderBy('id').execute(),
    ]);
    return {
      event, lobbyElements, users, registrations, groups, groupMembers, categories, tracks, speakers, speakerCategories,
      sessions, sessionSpeakers, sessionCategories, sponsors, sponsorCategories, sponsorUsers, meetingRooms,
      infoPages, documents, documentSessions, polls, alternatives, timeline,
    };
  }

  return { readEvent };
}

export type EventFileExportRepository = ReturnType<typeof createEventFileExportRepository>;
export type StoredEvent = NonNullable<Awaited<ReturnType<EventFileExportRepository['readEvent']>>>;
