import type { EventDocument, InfoPageSummary } from '~/contracts/content';
import type { DocumentRecord, InfoPageRecord } from './content.repository';

export function toDocument(record: DocumentRecord): EventDocument {
  return {
    DocumentID: record.id, Name: record.name, Documentfile: record.fileUrl, DocumentUrlPreview: record.previewUrl,
    docType: record.docType, uTime: record.uploadedAt, sessions: record.sessions, PlatformDisplayOptions: record.platforms,
  };
}

export function toInfoPageSummary(record: InfoPageRecord): InfoPageSummary {
  return { PageID: record.id, Heading: record.heading, category: record.category, PlatformDisplayOptions: record.platforms };
}
