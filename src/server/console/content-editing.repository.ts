import type { Selectable, Transaction } from 'kysely';
import type { ConsoleDocument, ConsoleInfoPage, InfoPageInput } from '~/contracts/console-content';
import { PLATFORMS, type Platform } from '~/contracts/event-settings';
import type { Db } from '~/server/db/database';
import type { Database, DocumentTable, InfoPageTable } from '~/server/db/schema';
import { parseJson } from '~/server/db/sql-values';
import { bumpEventVersion } from './event-version.repository';

/** How many attendees' CalculatedFields are read to list the `{{Field}}` names (they share their fields). */
const FIELD_SAMPLE = 500;

/** An empty or unreadable platform list means the digital platform, as attendees' lists read it. */
function platformsOf(text: string): Platform[] {
  const list = parseJson<unknown[]>(text, []).filter((p): p is Platform => PLATFORMS.includes(p as Platform));
  return list.length > 0 ? list : ['digital'];
}

const toPage = (r: Selectable<InfoPageTable>): ConsoleInfoPage => ({
  id: r.id, key: r.key, heading: r.heading, body: r.body, category: r.category ?? '', platforms: platformsOf(r.platforms),
});

type Table = 'info_pages' | 'documents';

/**
 * The event's information pages and own documents (not sponsors') as the console edits them;
 * every write is one transaction that bumps the event's version.
 */
export function createContentEditingRepository({ kysely }: Db) {
  const write = <T>(eventId: number, at: string, work: (trx: Transaction<Database>) => Promise<T>) =>
    kysely.transaction().execute(async (trx) => {
      const result = await work(trx);
      return { result, version: await bumpEventVersion(trx, eventId, at) };
    });

  return {
    async pages(eventId: number): Promise<ConsoleInfoPage[]> {
      const rows = await kysely.selectFrom('info_pages').selectAll().where('event_id', '=', eventId).orderBy('position').orderBy('id').execute();
      return rows.map(toPage);
    },

    async documents(eventId: number): Promise<ConsoleDocument[]> {
      const [rows, counts] = await Promise.all([
        kysely.selectFrom('documents').selectAll().where('event_id', '=', eventId).where('sponsor_id', 'is', null)
          .orderBy('position').orderBy('uploaded_at', 'desc').orderBy('id').execute(),
        kysely.selectFrom('document_sessions as ds').innerJoin('documents as d', 'd.id', 'ds.document_id')
          .select(['ds.document_id', (eb) => eb.fn.countAll<number>().as('count')]).where('d.event_id', '=', eventId).groupBy('ds.document_id').execute(),
      ]);
      return rows.map((r: Selectable<DocumentTable>) => ({
        id: r.id, key: r.key, name: r.name, fileUrl: r.file_url, docType: r.doc_type, platforms: platformsOf(r.platforms), uploadedAt: r.uploaded_at,
        sessionCount: Number(counts.find((c) => c.document_id === r.id)?.count ?? 0),
      }));
    },

    /** The `{{Field}}` names found in a sample of the event's attendees' CalculatedFields, sorted. */
    async fieldNames(eventId: number): Promise<string[]> {
      const rows = await kysely.selectFrom('users').select('calculated_fields').where('event_id', '=', eventId)
        .where('calculated_fields', '<>', '{}').limit(FIELD_SAMPLE).execute();
      const names = new Set<string>();
      for (const row of rows) for (const name of Object.keys(parseJson<Record<string, unknown>>(row.calculated_fields, {}))) names.add(name);
      return [...names].sort((a, b) => a.localeCompare(b));
    },

    async keyExists(table: Table, eventId: number, key: string): Promise<boolean> {
      return (await kysely.selectFrom(table).select('id').where('event_id', '=', eventId).where('key', '=', key).executeTakeFirst()) !== undefined;
    },

    /** Adds the page last; answers its id and the event's new version. */
    async insertPage(eventId: number, key: string, page: InfoPageInput, at: string): Promise<{ result: number; version: number }> {
      return write(eventId, at, async (trx) => {
        const last = await trx.selectFrom('info_pages').select((eb) => eb.fn.max('position').as('max')).where('event_id', '=', eventId).executeTakeFirst();
        const { id } = await trx.insertInto('info_pages').values({
          event_id: eventId, key, heading: page.heading, body: page.body, category: page.category || null,
          platforms: JSON.stringify(page.platforms), position: Number(last?.max ?? -1) + 1,
        }).returning('id').executeTakeFirstOrThrow();
        return id;
      });
    },

    async updatePage(eventId: number, pageId: number, page: InfoPageInput, at: string): Promise<number> {
      return (await write(eventId, at, (trx) => trx.updateTable('info_pages')
        .set({ heading: page.heading, body: page.body, category: page.category || null, platforms: JSON.stringify(page.platforms) })
        .where('event_id', '=', eventId).where('id', '=', pageId).execute())).version;
    },

    /** Adds the document first (newest first until the organiser orders them); answers its id and the new version. */
    async insertDocument(eventId: number, key: string, values: { name: string; fileUrl: string; docType: string; platforms: Platform[] }, at: string): Promise<{ result: number; version: number }> {
      return write(eventId, at, async (trx) => {
        const first = await trx.selectFrom('documents').select((eb) => eb.fn.min('position').as('min'))
          .where('event_id', '=', eventId).where('sponsor_id', 'is', null).executeTakeFirst();
        const { id } = await trx.insertInto('documents').values({
          event_id: eventId, key, name: values.name, file_url: values.fileUrl, preview_url: null, doc_type: values.docType, sponsor_id: null,
          platforms: JSON.stringify(values.platforms), uploaded_at: at, position: Math.min(0, Number(first?.min ?? 0) - 1),
        }).returning('id').executeTakeFirstOrThrow();
        return id;
      });
    },

    async updateDocument(eventId: number, documentId: number, values: { name: string; platforms: Platform[] }, at: string): Promise<number> {
      return (await write(eventId, at, (trx) => trx.updateTable('documents').set({ name: values.name, platforms: JSON.stringify(values.platforms) })
        .where('event_id', '=', eventId).where('id', '=', documentId).execute())).version;
    },

    /** Points the document at a new file; its preview (one the event file set) no longer matches and goes. */
    async replaceFile(eventId: number, documentId: number, fileUrl: string, docType: string, at: string): Promise<number> {
      return (await write(eventId, at, (trx) => trx.updateTable('documents').set({ file_url: fileUrl, doc_type: docType, preview_url: null, uploaded_at: at })
        .where('event_id', '=', eventId).where('id', '=', documentId).execute())).version;
    },

    /** Deletes a page, or a document with its links to sessions; answers the new version. */
    async remove(table: Table, eventId: number, id: number, at: string): Promise<number> {
      return (await write(eventId, at, async (trx) => {
        if (table === 'documents') await trx.deleteFrom('document_sessions').where('document_id', '=', id).execute();
        await trx.deleteFrom(table).where('event_id', '=', eventId).where('id', '=', id).execute();
      })).version;
    },

    /** Numbers the rows 0, 1, … in the given order (every row of the list, checked by the service). */
    async reorder(table: Table, eventId: number, ids: number[], at: string): Promise<number> {
      return (await write(eventId, at, async (trx) => {
        for (const [position, id] of ids.entries()) await trx.updateTable(table).set({ position }).where('event_id', '=', eventId).where('id', '=', id).execute();
      })).version;
    },
  };
}

export type ContentEditingRepository = ReturnType<typeof createContentEditingRepository>;
