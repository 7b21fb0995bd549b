import { sql, type Transaction } from 'kysely';
import type { ConsoleAttendee, ConsoleSponsor } from '~/contracts/console-sponsors';
import type { ConsoleCategory } from '~/contracts/console-speakers';
import { PLATFORMS } from '~/contracts/event-settings';
import type { Db } from '~/server/db/database';
import type { Database } from '~/server/db/schema';
import { bumpEventVersion } from './event-version.repository';

/** The `categoryType` of sponsor categories, a sponsor's levels (docs/event-files.md). */
const SPONSOR_CATEGORY = 0;
/** The contact picker lists this many attendees a search. */
const ATTENDEE_MATCHES = 20;

/** A sponsor's stored columns as the console writes them. */
export interface SponsorValues {
  name: string;
  categoryIds: number[];
  description: string;
  contactIds: number[];
  meetingRoom: { name: string; url: string } | null;
  leadForm: boolean;
  logoUrl?: null | undefined;
}

const columns = (values: SponsorValues) => ({
  name: values.name, description: values.description || null, has_lead_form: values.leadForm,
  ...(values.logoUrl === null ? { logo_url: null } : {}),
});

const fullName = (r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`.trim();

/** Replaces what hangs off the sponsor: levels, contacts, and its first meeting room (the others stay). */
async function setLinks(trx: Transaction<Database>, sponsorId: number, values: SponsorValues, roomKey: () => string): Promise<void> {
  await trx.deleteFrom('sponsor_categories').where('sponsor_id', '=', sponsorId).execute();
  if (values.categoryIds.length > 0) await trx.insertInto('sponsor_categories').values(values.categoryIds.map((id) => ({ sponsor_id: sponsorId, category_id: id }))).execute();
  await trx.deleteFrom('sponsor_users').where('sponsor_id', '=', sponsorId).execute();
  if (values.contactIds.length > 0) await trx.insertInto('sponsor_users').values(values.contactIds.map((id) => ({ sponsor_id: sponsorId, user_id: id }))).execute();
  const first = await trx.selectFrom('meeting_rooms').select('id').where('sponsor_id', '=', sponsorId).orderBy('start_date').orderBy('id').executeTakeFirst();
  if (!values.meetingRoom) {
    if (first) await trx.deleteFrom('meeting_rooms').where('id', '=', first.id).execute();
  } else if (first) {
    await trx.updateTable('meeting_rooms').set({ name: values.meetingRoom.name, room_url: values.meetingRoom.url }).where('id', '=', first.id).execute();
  } else {
    await trx.insertInto('meeting_rooms').values({ sponsor_id: sponsorId, key: roomKey(), name: values.meetingRoom.name, room_url: values.meetingRoom.url }).execute();
  }
}

/** The event's sponsors as the console edits them; every write bumps the event's version in its transaction. */
export function createSponsorEditingRepository({ kysely }: Db) {
  return {
    async list(eventId: number): Promise<ConsoleSponsor[]> {
      const [rows, levels, contacts, rooms, documents] = await Promise.all([
        kysely.selectFrom('sponsors').selectAll().where('event_id', '=', eventId).orderBy('position').orderBy('name').orderBy('id').execute(),
        kysely.selectFrom('sponsor_categories as sc').innerJoin('sponsors as s', 's.id', 'sc.sponsor_id')
          .select(['sc.sponsor_id', 'sc.category_id']).where('s.event_id', '=', eventId).orderBy('sc.category_id').execute(),
        kysely.selectFrom('sponsor_users as su').innerJoin('sponsors as s', 's.id', 'su.sponsor_id').innerJoin('users as u', 'u.id', 'su.user_id')
          .select(['su.sponsor_id', 'u.id', 'u.first_name', 'u.last_name', 'u.email']).where('s.event_id', '=', eventId)
          .orderBy('u.last_name').orderBy('u.first_name').orderBy('u.id').execute(),
        kysely.selectFrom('meeting_rooms as r').innerJoin('sponsors as s', 's.id', 'r.sponsor_id')
          .select(['r.sponsor_id', 'r.name', 'r.room_url']).where('s.event_id', '=', eventId).orderBy('r.start_date').orderBy('r.id').execute(),
        kysely.selectFrom('documents').select(['id', 'name', 'file_url', 'doc_type', 'sponsor_id']).where('event_id', '=', eventId).where('sponsor_id', 'is not', null)
          .orderBy('position').orderBy('uploaded_at', 'desc').orderBy('id').execute(),
      ]);
      return rows.map((r) => {
        const room = rooms.find((m) => m.sponsor_id === r.id);
        return {
          id: r.id, key: r.key, name: r.name, logoUrl: r.logo_url, description: r.description ?? '', leadForm: r.has_lead_form,
          categoryIds: levels.filter((l) => l.sponsor_id === r.id).map((l) => l.category_id),
          contacts: contacts.filter((c) => c.sponsor_id === r.id).map((c) => ({ id: c.id, name: fullName(c), email: c.email })),
          meetingRoom: room ? { name: room.name, url: room.room_url } : null,
          documents: documents.filter((d) => d.sponsor_id === r.id).map((d) => ({ id: d.id, name: d.name, fileUrl: d.file_url, docType: d.doc_type })),
        };
      });
    },

    /** The event's sponsor categories (its levels), public or not, in their order. */
    async levels(eventId: number): Promise<ConsoleCategory[]> {
      return kysely.selectFrom('categories').select(['id', 'name']).where('event_id', '=', eventId).where('category_type', '=', SPONSOR_CATEGORY)
        .orderBy('position').orderBy('id').execute();
    },

    /** Which of these ids are attendees (users) of the event. */
    async attendeeIds(eventId: number, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await kysely.selectFrom('users').select('id').where('event_id', '=', eventId).where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },

    /** Attendees whose name or e-mail holds `search` (case aside), by name, at most 20. */
    async searchAttendees(eventId: number, search: string): Promise<ConsoleAttendee[]> {
      // Wildcards in the search are dropped: LIKE escaping differs between the two engines.
      const needle = `%${search.toLowerCase().replace(/[\\%_]/g, '')}%`;
      const rows = await kysely.selectFrom('users').select(['id', 'first_name', 'last_name', 'email']).where('event_id', '=', eventId)
        .where((eb) => eb.or([
          eb(sql<string>`lower(first_name || ' ' || last_name)`, 'like', needle),
          eb(sql<string>`lower(email)`, 'like', needle),
        ]))
        .orderBy('last_name').orderBy('first_name').orderBy('id').limit(ATTENDEE_MATCHES).execute();
      return rows.map((r) => ({ id: r.id, name: fullName(r), email: r.email }));
    },

    async keyExists(eventId: number, key: string): Promise<boolean> {
      return (await kysely.selectFrom('sponsors').select('id').where('event_id', '=', eventId).where('key', '=', key).executeTakeFirst()) !== undefined;
    },

    /** Adds the sponsor last; answers its id and the event's new version. */
    async insert(eventId: number, key: string, values: SponsorValues, roomKey: () => string, at: string): Promise<{ id: number; version: number }> {
      return kysely.transaction().execute(async (trx) => {
        const last = await trx.selectFrom('sponsors').select((eb) => eb.fn.max('position').as('max')).where('event_id', '=', eventId).executeTakeFirst();
        const { id } = await trx.insertInto('sponsors').values({ event_id: eventId, key, links: '[]', ...columns(values), position: Number(last?.max ?? 0) + 1 })
          .returning('id').executeTakeFirstOrThrow();
        await setLinks(trx, id, values, roomKey);
        return { id, version: await bumpEventVersion(trx, eventId, at) };
      });
    },

    async update(eventId: number, sponsorId: number, values: SponsorValues, roomKey: () => string, at: string): Promise<number> {
      return kysely.transaction().execute(async (trx) => {
        await trx.updateTable('sponsors').set(columns(values)).where('event_id', '=', eventId).where('id', '=', sponsorId).execute();
        await setLinks(trx, sponsorId, values, roomKey);
        return bumpEventVersion(trx, eventId, at);
      });
    },

    async setLogo(eventId: number, sponsorId: number, logoUrl: string, at: string): Promise<number> {
      return kysely.transaction().execute(async (trx) => {
        await trx.updateTable('sponsors').set({ logo_url: logoUrl }).where('event_id', '=', eventId).where('id', '=', sponsorId).execute();
        return bumpEventVersion(trx, eventId, at);
      });
    },

    /**
     * Deletes the sponsor; what is its own goes with it by the foreign keys (levels, contacts,
     * meeting rooms, speakers' links, documents, leads and messages), its polls stay, no longer a
     * sponsor's (as an import that drops the sponsor). Answers the new version.
     */
    async remove(eventId: number, sponsorId: number, at: string): Promise<number> {
      return kysely.transaction().execute(async (trx) => {
        await trx.deleteFrom('sponsors').where('event_id', '=', eventId).where('id', '=', sponsorId).execute();
        return bumpEventVersion(trx, eventId, at);
      });
    },

    /**
     * Adds a document to the sponsor, first (newest first until the organiser orders them), shown
     * on every platform as the sponsor page is; answers the new version.
     */
    async insertDocument(eventId: number, sponsorId: number, key: string, values: { name: string; fileUrl: string; docType: string }, at: string): Promise<number> {
      return kysely.transaction().execute(async (trx) => {
        const first = await trx.selectFrom('documents').select((eb) => eb.fn.min('position').as('min'))
          .where('event_id', '=', eventId).where('sponsor_id', '=', sponsorId).executeTakeFirst();
        await trx.insertInto('documents').values({
          event_id: eventId, key, name: values.name, file_url: values.fileUrl, preview_url: null, doc_type: values.docType, sponsor_id: sponsorId,
          platforms: JSON.stringify(PLATFORMS), uploaded_at: at, position: Math.min(0, Number(first?.min ?? 0) - 1),
        }).execute();
        return bumpEventVersion(trx, eventId, at);
      });
    },

    /** Renames a sponsor's document, or points it at a new file (its preview no longer matches and goes). */
    async updateDocument(eventId: number, sponsorId: number, documentId: number,
      change: { name: string } | { fileUrl: string; docType: string }, at: string): Promise<number> {
      const set = 'name' in change ? { name: change.name } : { file_url: change.fileUrl, doc_type: change.docType, preview_url: null, uploaded_at: at };
      return kysely.transaction().execute(async (trx) => {
        await trx.updateTable('documents').set(set).where('event_id', '=', eventId).where('sponsor_id', '=', sponsorId).where('id', '=', documentId).execute();
        return bumpEventVersion(trx, eventId, at);
      });
    },

    /** Deletes a sponsor's document with its links to sessions; answers the new version. */
    async removeDocument(eventId: number, sponsorId: number, documentId: number, at: string): Promise<number> {
      return kysely.transaction().execute(async (trx) => {
        await trx.deleteFrom('document_sessions').where('document_id', '=', documentId).execute();
        await trx.deleteFrom('documents').where('event_id', '=', eventId).where('sponsor_id', '=', sponsorId).where('id', '=', documentId).execute();
        return bumpEventVersion(trx, eventId, at);
      });
    },

    /** Numbers the sponsor's documents 0, 1, … in the given order (all of them, checked by the service). */
    async reorderDocuments(eventId: number, sponsorId: number, ids: number[], at: string): Promise<number> {
      return kysely.transaction().execute(async (trx) => {
        for (const [position, id] of ids.entries()) {
          await trx.updateTable('documents').set({ position }).where('event_id', '=', eventId).where('sponsor_id', '=', sponsorId).where('id', '=', id).execute();
        }
        return bumpEventVersion(trx, eventId, at);
      });
    },

    async documentKeyExists(eventId: number, key: string): Promise<boolean> {
      return (await kysely.selectFrom('documents').select('id').where('event_id', '=', eventId).where('key', '=', key).executeTakeFirst()) !== undefined;
    },

    /** Numbers the sponsors 1, 2, … in the given order (the event file's `order`). */
    async reorder(eventId: number, ids: number[], at: string): Promise<number> {
      return kysely.transaction().execute(async (trx) => {
        for (const [index, id] of ids.entries()) {
          await trx.updateTable('sponsors').set({ position: index + 1 }).where('event_id', '=', eventId).where('id', '=', id).execute();
        }
        return bumpEventVersion(trx, eventId, at);
      });
    },
  };
}

export type SponsorEditingRepository = ReturnType<typeof createSponsorEditingRepository>;
