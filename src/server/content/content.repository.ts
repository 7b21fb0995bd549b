import type { Selectable } from 'kysely';
import { PLATFORMS, type Platform } from '~/contracts/event-settings';
import type { Db } from '~/server/db/database';
import type { DocumentTable, InfoPageTable } from '~/server/db/schema';
import { prepareQuery } from '~/server/db/prepared';
import { parseJson } from '~/server/db/sql-values';

export interface InfoPageRecord {
  id: number;
  heading: string;
  body: string;
  category: string | null;
  platforms: Platform[];
}

export interface DocumentRecord {
  id: number;
  name: string;
  fileUrl: string;
  previewUrl: string | null;
  docType: string;
  uploadedAt: string;
  /** Ids of the sessions the document belongs to, ascending. */
  sessions: number[];
  platforms: Platform[];
}

/** An empty or unreadable platform list means the digital platform. */
function platformsOf(text: string): Platform[] {
  const list = parseJson<unknown[]>(text, []).filter((p): p is Platform => PLATFORMS.includes(p as Platform));
  return list.length > 0 ? list : ['digital'];
}

const toInfoPage = (row: Selectable<InfoPageTable>): InfoPageRecord => ({
  id: row.id, heading: row.heading, body: row.body, category: row.category, platforms: platformsOf(row.platforms),
});

/** The only place info page and document rows are read. */
export function createContentRepository({ kysely }: Db) {
  // GET getInfoPages, on every lobby and web-app load (see prepareQuery).
  const infoPagesOf = prepareQuery(kysely, (p: { eventId: number }) => kysely.selectFrom('info_pages').selectAll().where('event_id', '=', p.eventId)
    .orderBy('position').orderBy('id'));

  async function withSessions(rows: Selectable<DocumentTable>[]): Promise<DocumentRecord[]> {
    const ids = rows.map((r) => r.id);
    const links = ids.length === 0 ? [] : await kysely.selectFrom('document_sessions')
      .select(['document_id', 'session_id']).where('document_id', 'in', ids).orderBy('session_id').execute();
    return rows.map((r) => ({
      id: r.id, name: r.name, fileUrl: r.file_url, previewUrl: r.preview_url, docType: r.doc_type, uploadedAt: r.uploaded_at,
      sessions: links.filter((l) => l.document_id === r.id).map((l) => l.session_id),
      platforms: platformsOf(r.platforms),
    }));
  }

  return {
    async findInfoPages(eventId: number): Promise<InfoPageRecord[]> {
      const rows = await infoPagesOf.all({ eventId });
      return rows.map(toInfoPage);
    },

    async findInfoPage(eventId: number, id: number): Promise<InfoPageRecord | undefined> {
      const row = await kysely.selectFrom('info_pages').selectAll().where('event_id', '=', eventId).where('id', '=', id).executeTakeFirst();
      return row && toInfoPage(row);
    },

    /** The event's own documents (not a sponsor's) in the organiser's order, then newest first. */
    async findEventDocuments(eventId: number): Promise<DocumentRecord[]> {
      return withSessions(await kysely.selectFrom('documents').selectAll()
        .where('event_id', '=', eventId).where('sponsor_id', 'is', null)
        .orderBy('position').orderBy('uploaded_at', 'desc').orderBy('id').execute());
    },

    async findSponsorDocuments(eventId: number, sponsorId: number): Promise<DocumentRecord[]> {
      return withSessions(await kysely.selectFrom('documents').selectAll()
        .where('event_id', '=', eventId).where('sponsor_id', '=', sponsorId)
        .orderBy('position').orderBy('uploaded_at', 'desc').orderBy('id').execute());
    },

    async findDocument(eventId: number, id: number): Promise<DocumentRecord | undefined> {
      const row = await kysely.selectFrom('documents').selectAll().where('event_id', '=', eventId).where('id', '=', id).executeTakeFirst();
      return row ? (await withSessions([row]))[0] : undefined;
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
