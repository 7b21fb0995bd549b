import type { EventDocument } from '~/contracts/content';
import { PLATFORMS, type Platform } from '~/contracts/event-settings';
import { parseJson, toInt } from '~/server/db/sql-values';
import type { DocumentRow } from './content.repository';

/** The platforms a row is shown on; an empty or unreadable list means the digital platform. */
export function platformsOf(text: string): Platform[] {
  const list = parseJson<unknown[]>(text, []).filter((p): p is Platform => PLATFORMS.includes(p as Platform));
  return list.length > 0 ? list : ['digital'];
}

export function toDocument(row: DocumentRow): EventDocument {
  return {
    DocumentID: toInt(row.id), Name: row.name, Documentfile: row.file_url, DocumentUrlPreview: row.preview_url,
    docType: row.doc_type, uTime: row.uploaded_at, sessions: row.sessions, PlatformDisplayOptions: platformsOf(row.platforms),
  };
}
