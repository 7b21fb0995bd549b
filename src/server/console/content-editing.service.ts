import type { ConsoleContent, ConsoleDocument, ConsoleInfoPage, DocumentInput, InfoPageInput } from '~/contracts/console-content';
import type { Platform } from '~/contracts/event-settings';
import { DomainError } from '~/server/errors';
import type { Realtime } from '~/server/realtime/index';
import { discardUploadsOnFailure, removeUpload } from '~/server/shared/asset-store';
import { sanitizeRichText } from '~/server/shared/sanitize-html';
import type { AuditService } from './audit.service';
import type { ContentEditingRepository } from './content-editing.repository';
import { invalid } from './console-input';
import { storeDocumentFile } from './document-files';
import type { Organiser } from './organiser-access';
import { checkOrder, newKey } from './speaker-editing.service';

interface Dependencies {
  repository: ContentEditingRepository;
  realtime: Pick<Realtime, 'publish' | 'publishDataChange'>;
  audit: AuditService;
  clock: () => Date;
  dataDir: string;
}

/** A document's name when the upload gives none: the file's name without its extension. */
export const nameOfFile = (fileName: string): string => fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim().slice(0, 200);

/**
 * The event's information pages and documents from the console (docs/console.md "Content"): each
 * change is one transaction that bumps the event's version, an audit row, a data change `stored`
 * (the attendees' `getInfoPages`, `getAllDocuments` and the stage's tab counts on every node), then
 * `info-page-change` or `document-change` and `event-change` for open screens.
 */
export function createContentEditing({ repository, realtime, audit, clock, dataDir }: Dependencies) {
  const at = () => clock().toISOString();

  async function published(organiser: Organiser, version: number, name: 'info-page-change' | 'document-change'): Promise<void> {
    // First, so that every node has dropped what it kept when screens read again.
    await realtime.publishDataChange(organiser.eventId, 'stored');
    await realtime.publish(organiser.eventId, name, {});
    await realtime.publish(organiser.eventId, 'event-change', { version });
  }

  async function page(organiser: Organiser, pageId: number): Promise<ConsoleInfoPage> {
    const found = (await repository.pages(organiser.eventId)).find((p) => p.id === pageId);
    if (!found) throw new DomainError('page.not_found', 'No such information page in this event', { field: 'pageId' });
    return found;
  }

  async function document(organiser: Organiser, documentId: number): Promise<ConsoleDocument> {
    const found = (await repository.documents(organiser.eventId)).find((d) => d.id === documentId);
    if (!found) throw new DomainError('document.not_found', 'No such document in this event', { field: 'documentId' });
    return found;
  }

  async function freshKey(table: 'info_pages' | 'documents', eventId: number, prefix: string): Promise<string> {
    let key = newKey(prefix);
    while (await repository.keyExists(table, eventId, key)) key = newKey(prefix);
    return key;
  }

  // The text is sanitised when written; its `{{Field}}` placeholders stay as text until an attendee reads it.
  const clean = (input: InfoPageInput): InfoPageInput => ({ ...input, body: sanitizeRichText(input.body) });

  async function list(organiser: Organiser): Promise<ConsoleContent> {
    const [pages, documents, fields] = await Promise.all([
      repository.pages(organiser.eventId), repository.documents(organiser.eventId), repository.fieldNames(organiser.eventId),
    ]);
    return { pages, documents, fields };
  }

  const LISTS = {
    pages: { table: 'info_pages', action: 'page.order', change: 'info-page-change' },
    documents: { table: 'documents', action: 'document.order', change: 'document-change' },
  } as const;

  /** Puts every row of one list in the given order. */
  async function reorder(organiser: Organiser, which: keyof typeof LISTS, ids: number[]): Promise<ConsoleContent> {
    const { table, action, change } = LISTS[which];
    const before = (await list(organiser))[which].map((row) => row.id);
    checkOrder(before, ids);
    const version = await repository.reorder(table, organiser.eventId, ids, at());
    await audit.record(organiser, { action, target: which, before, after: ids });
    await published(organiser, version, change);
    return list(organiser);
  }

  return {
    list,

    async createPage(organiser: Organiser, input: InfoPageInput): Promise<ConsoleInfoPage> {
      const key = await freshKey('info_pages', organiser.eventId, 'page');
      const { result: id, version } = await repository.insertPage(organiser.eventId, key, clean(input), at());
      const after = await page(organiser, id);
      await audit.record(organiser, { action: 'page.create', target: `page:${id}`, after });
      await published(organiser, version, 'info-page-change');
      return after;
    },

    async updatePage(organiser: Organiser, pageId: number, input: InfoPageInput): Promise<ConsoleInfoPage> {
      const before = await page(organiser, pageId);
      const version = await repository.updatePage(organiser.eventId, pageId, clean(input), at());
      const after = await page(organiser, pageId);
      await audit.record(organiser, { action: 'page.update', target: `page:${pageId}`, before, after });
      await published(organiser, version, 'info-page-change');
      return after;
    },

    async removePage(organiser: Organiser, pageId: number): Promise<{ removed: number }> {
      const before = await page(organiser, pageId);
      const version = await repository.remove('info_pages', organiser.eventId, pageId, at());
      await audit.record(organiser, { action: 'page.delete', target: `page:${pageId}`, before });
      await published(organiser, version, 'info-page-change');
      return { removed: pageId };
    },

    reorderPages: (organiser: Organiser, ids: number[]) => reorder(organiser, 'pages', ids),

    /** Stores the file (upload rules) and adds the document first; a failed write leaves no file behind. */
    async upload(organiser: Organiser, file: { bytes: Buffer; fileName: string }, fields: { name?: string | undefined; platforms: Platform[] }): Promise<ConsoleDocument> {
      const name = fields.name?.trim() || nameOfFile(file.fileName);
      if (!name) throw invalid('name', 'is required');
      const stored = await storeDocumentFile(dataDir, organiser, file.bytes);
      const key = await freshKey('documents', organiser.eventId, 'document');
      const { result: id, version } = await discardUploadsOnFailure(dataDir, organiser.eventId, [stored.url], () =>
        repository.insertDocument(organiser.eventId, key, { name, fileUrl: stored.url, docType: stored.docType, platforms: fields.platforms }, at()));
      const after = await document(organiser, id);
      await audit.record(organiser, { action: 'document.create', target: `document:${id}`, after });
      await published(organiser, version, 'document-change');
      return after;
    },

    /** Renames the document or changes where it shows. */
    async updateDocument(organiser: Organiser, documentId: number, input: DocumentInput): Promise<ConsoleDocument> {
      const before = await document(organiser, documentId);
      const version = await repository.updateDocument(organiser.eventId, documentId, input, at());
      const after = await document(organiser, documentId);
      await audit.record(organiser, { action: 'document.update', target: `document:${documentId}`, before, after });
      await published(organiser, version, 'document-change');
      return after;
    },

    /** Replaces the document's file, keeping its name, place and sessions; the file it replaces is removed when it was an upload. */
    async replaceFile(organiser: Organiser, documentId: number, bytes: Buffer): Promise<ConsoleDocument> {
      const before = await document(organiser, documentId);
      const stored = await storeDocumentFile(dataDir, organiser, bytes);
      const version = await discardUploadsOnFailure(dataDir, organiser.eventId, [stored.url], () =>
        repository.replaceFile(organiser.eventId, documentId, stored.url, stored.docType, at()));
      const after = await document(organiser, documentId);
      await audit.record(organiser, { action: 'document.update', target: `document:${documentId}`, before: { fileUrl: before.fileUrl }, after: { fileUrl: after.fileUrl } });
      await published(organiser, version, 'document-change');
      await removeUpload(dataDir, organiser.eventId, before.fileUrl);
      return after;
    },

    async removeDocument(organiser: Organiser, documentId: number): Promise<{ removed: number }> {
      const before = await document(organiser, documentId);
      const version = await repository.remove('documents', organiser.eventId, documentId, at());
      await audit.record(organiser, { action: 'document.delete', target: `document:${documentId}`, before });
      await published(organiser, version, 'document-change');
      await removeUpload(dataDir, organiser.eventId, before.fileUrl);
      return { removed: documentId };
    },

    reorderDocuments: (organiser: Organiser, ids: number[]) => reorder(organiser, 'documents', ids),
  };
}

export type ContentEditing = ReturnType<typeof createContentEditing>;
