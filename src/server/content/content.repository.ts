import type { Selectable } from 'kysely';
import type { Db } from '~/server/db/database';
import type { DocumentTable, InfoPageTable } from '~/server/db/schema';
import { toInt } from '~/server/db/sql-values';

export type InfoPageRow = Selectable<InfoPageTable>;
export type DocumentRow = Selectable<DocumentTable> & { sessions: number[] };

/** The only place info page and document rows are read. */
export function createContentRepository({ kysely }: Db) {
  async function withSessions(rows: Selectable<DocumentTable>[]): Promise<DocumentRow[]> {
    const ids = rows.map((r) => toInt(r.id));
    const links = ids.length === 0 ? [] : await kysely.selectFrom('document_sessions')
      .select(['document_id', 'session_id']).where('document_id', 'in', ids).orderBy('session_id').execute();
    return rows.map((r) => ({
      ...r,
      sessions: links.filter((l) => toInt(l.document_id) === toInt(r.id)).map((l) => toInt(l.session_id)),
    }));
  }

  return {
    findInfoPages(eventId: number): Promise<InfoPageRow[]> {
      return kysely.selectFrom('info_pages').selectAll().where('event_id', '=', eventId)
        .orderBy('position').orderBy('id').execute();
    },

    findInfoPage(eventId: number, id: number): Promise<InfoPageRow | undefined> {
      return kysely.selectFrom('info_pages').selectAll().where('event_id', '=', eventId).where('id', '=', id).executeTakeFirst();
    },

    /** The event's own documents (not a sponsor's), newest first. */
    async findEventDocuments(eventId: number): Promise<DocumentRow[]> {
      return withSessions(await kysely.selectFrom('documents').selectAll()
        .where('event_id', '=', eventId).where('sponsor_id', 'is', null)
        .orderBy('uploaded_at', 'desc').orderBy('id').execute());
    },

    async findSponsorDocuments(eventId: number, sponsorId: number): Promise<DocumentRow[]> {
      return withSessions(await kysely.selectFrom('documents').selectAll()
        .where('event_id', '=', eventId).where('sponsor_id', '=', sponsorId)
        .orderBy('uploaded_at', 'desc').orderBy('id').execute());
    },

    async findDocument(eventId: number, id: number): Promise<DocumentRow | undefined> {
      const row = await kysely.selectFrom('documents').selectAll().where('event_id', '=', eventId).where('id', '=', id).executeTakeFirst();
      return row ? (await withSessions([row]))[0] : undefined;
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
