import type { ConsoleAttendee, ConsoleSponsor, ConsoleSponsorList, SponsorInput } from '~/contracts/console-sponsors';
import { DomainError } from '~/server/errors';
import type { Realtime } from '~/server/realtime/index';
import { discardUploadsOnFailure, removeUpload } from '~/server/shared/asset-store';
import { sanitizeRichText } from '~/server/shared/sanitize-html';
import type { AuditChange, AuditService } from './audit.service';
import { storeConsoleImage } from './console-images';
import { invalid } from './console-input';
import { nameOfFile } from './content-editing.service';
import { storeDocumentFile } from './document-files';
import type { Organiser } from './organiser-access';
import type { SponsorEditingRepository, SponsorValues } from './sponsor-editing.repository';
import { checkOrder, newKey } from './speaker-editing.service';

interface Dependencies {
  repository: SponsorEditingRepository;
  realtime: Pick<Realtime, 'publish' | 'publishDataChange'>;
  audit: AuditService;
  clock: () => Date;
  dataDir: string;
}

/** A logo is shown at most this wide (the sponsor page's header, the lobby's top sponsors). */
const LOGO_SIDE = 800;

/**
 * The event's sponsors from the console (docs/console.md "Sponsors"): each change is one
 * transaction that bumps the event's version, an audit row, a data change `stored` (sponsor pages
 * and lists are kept member answers, dropped on every node), then `event-change`.
 */
export function createSponsorEditing({ repository, realtime, audit, clock, dataDir }: Dependencies) {
  async function find(organiser: Organiser, sponsorId: number): Promise<ConsoleSponsor> {
    const sponsor = (await repository.list(organiser.eventId)).find((s) => s.id === sponsorId);
    if (!sponsor) throw new DomainError('sponsor.not_found', 'No such sponsor in this event', { field: 'sponsorId' });
    return sponsor;
  }

  async function values(organiser: Organiser, input: SponsorInput): Promise<SponsorValues> {
    const levels = new Set((await repository.levels(organiser.eventId)).map((c) => c.id));
    const unknownLevel = input.categoryIds.find((id) => !levels.has(id));
    if (unknownLevel !== undefined) throw invalid('categoryIds', `no sponsor level ${unknownLevel} in this event`);
    const attendees = await repository.attendeeIds(organiser.eventId, input.contactIds);
    const stranger = input.contactIds.find((id) => !attendees.has(id));
    if (stranger !== undefined) throw invalid('contactIds', `no attendee ${stranger} in this event`);
    return { ...input, description: sanitizeRichText(input.description) };
  }

  async function published(organiser: Organiser, version: number): Promise<void> {
    // First, so that every node has dropped what it kept when screens read again.
    await realtime.publishDataChange(organiser.eventId, 'stored');
    await realtime.publish(organiser.eventId, 'event-change', { version });
  }

  const at = () => clock().toISOString();
  const roomKey = () => newKey('room');

  async function sponsorDocument(organiser: Organiser, sponsorId: number, documentId: number) {
    const sponsor = await find(organiser, sponsorId);
    const document = sponsor.documents.find((d) => d.id === documentId);
    if (!document) throw new DomainError('document.not_found', 'No such document of this sponsor', { field: 'documentId' });
    return { sponsor, document };
  }

  /** The audit row and data change of a change to a sponsor's documents; answers the sponsor as it now is. */
  async function documentChanged(organiser: Organiser, sponsorId: number, version: number, row: AuditChange): Promise<ConsoleSponsor> {
    await audit.record(organiser, row);
    await published(organiser, version);
    return find(organiser, sponsorId);
  }

  return {
    async list(organiser: Organiser): Promise<ConsoleSponsorList> {
      const [sponsors, levels] = await Promise.all([repository.list(organiser.eventId), repository.levels(organiser.eventId)]);
      return { sponsors, levels };
    },

    /** Attendees to pick as the sponsor's contacts: name or e-mail holds `search`; none for an empty one. */
    attendees(organiser: Organiser, search: string): Promise<ConsoleAttendee[]> {
      return search === '' ? Promise.resolve([]) : repository.searchAttendees(organiser.eventId, search);
    },

    async create(organiser: Organiser, input: SponsorInput): Promise<ConsoleSponsor> {
      const fields = await values(organiser, input);
      let key = newKey('sponsor');
      while (await repository.keyExists(organiser.eventId, key)) key = newKey('sponsor');
      const { id, version } = await repository.insert(organiser.eventId, key, fields, roomKey, at());
      const after = await find(organiser, id);
      await audit.record(organiser, { action: 'sponsor.create', target: `sponsor:${id}`, after });
      await published(organiser, version);
      return after;
    },

    async update(organiser: Organiser, sponsorId: number, input: SponsorInput): Promise<ConsoleSponsor> {
      const before = await find(organiser, sponsorId);
      const version = await repository.update(organiser.eventId, sponsorId, await values(organiser, input), roomKey, at());
      const after = await find(organiser, sponsorId);
      await audit.record(organiser, { action: 'sponsor.update', target: `sponsor:${sponsorId}`, before, after });
      await published(organiser, version);
      if (input.logoUrl === null) await removeUpload(dataDir, organiser.eventId, before.logoUrl);
      return after;
    },

    /** Stores the logo (upload rules) and sets it; the logo it replaces is removed when it was an upload. */
    async setLogo(organiser: Organiser, sponsorId: number, bytes: Buffer): Promise<ConsoleSponsor> {
      const before = await find(organiser, sponsorId);
      const url = await storeConsoleImage(dataDir, organiser, bytes, LOGO_SIDE);
      const version = await discardUploadsOnFailure(dataDir, organiser.eventId, [url], () => repository.setLogo(organiser.eventId, sponsorId, url, at()));
      await audit.record(organiser, { action: 'sponsor.update', target: `sponsor:${sponsorId}`, before: { logoUrl: before.logoUrl }, after: { logoUrl: url } });
      await published(organiser, version);
      await removeUpload(dataDir, organiser.eventId, before.logoUrl);
      return { ...before, logoUrl: url };
    },

    /** Deletes the sponsor with its documents, meeting rooms and leads; its polls stay. */
    async remove(organiser: Organiser, sponsorId: number): Promise<{ removed: number }> {
      const before = await find(organiser, sponsorId);
      const version = await repository.remove(organiser.eventId, sponsorId, at());
      await audit.record(organiser, { action: 'sponsor.delete', target: `sponsor:${sponsorId}`, before });
      await published(organiser, version);
      await removeUpload(dataDir, organiser.eventId, before.logoUrl);
      return { removed: sponsorId };
    },

    /**
     * Adds a document to the sponsor (docs/console.md "Sponsors"): the file under the documents'
     * upload rules, named by `name` or the file's name; a failed write leaves no file behind.
     */
    async uploadDocument(organiser: Organiser, sponsorId: number, file: { bytes: Buffer; fileName: string }, fields: { name?: string | undefined }): Promise<ConsoleSponsor> {
      await find(organiser, sponsorId);
      const name = fields.name?.trim() || nameOfFile(file.fileName);
      if (!name) throw invalid('name', 'is required');
      const stored = await storeDocumentFile(dataDir, organiser, file.bytes);
      let key = newKey('document');
      while (await repository.documentKeyExists(organiser.eventId, key)) key = newKey('document');
      const version = await discardUploadsOnFailure(dataDir, organiser.eventId, [stored.url], () =>
        repository.insertDocument(organiser.eventId, sponsorId, key, { name, fileUrl: stored.url, docType: stored.docType }, at()));
      const after = await find(organiser, sponsorId);
      const added = after.documents.find((d) => d.fileUrl === stored.url);
      return documentChanged(organiser, sponsorId, version, { action: 'sponsor.document.create', target: `sponsor:${sponsorId}`, after: added });
    },

    async renameDocument(organiser: Organiser, sponsorId: number, documentId: number, name: string): Promise<ConsoleSponsor> {
      const { document: before } = await sponsorDocument(organiser, sponsorId, documentId);
      const version = await repository.updateDocument(organiser.eventId, sponsorId, documentId, { name }, at());
      return documentChanged(organiser, sponsorId, version, { action: 'sponsor.document.update', target: `sponsor:${sponsorId}`, before, after: { ...before, name } });
    },

    /** Replaces a document's file (the upload rules), keeping its name and place; the file it replaces is removed when it was an upload. */
    async replaceDocumentFile(organiser: Organiser, sponsorId: number, documentId: number, bytes: Buffer): Promise<ConsoleSponsor> {
      const { document: before } = await sponsorDocument(organiser, sponsorId, documentId);
      const stored = await storeDocumentFile(dataDir, organiser, bytes);
      const version = await discardUploadsOnFailure(dataDir, organiser.eventId, [stored.url], () =>
        repository.updateDocument(organiser.eventId, sponsorId, documentId, { fileUrl: stored.url, docType: stored.docType }, at()));
      const after = await documentChanged(organiser, sponsorId, version, {
        action: 'sponsor.document.update', target: `sponsor:${sponsorId}`, before: { id: documentId, fileUrl: before.fileUrl }, after: { id: documentId, fileUrl: stored.url },
      });
      await removeUpload(dataDir, organiser.eventId, before.fileUrl);
      return after;
    },

    async removeDocument(organiser: Organiser, sponsorId: number, documentId: number): Promise<ConsoleSponsor> {
      const { document: before } = await sponsorDocument(organiser, sponsorId, documentId);
      const version = await repository.removeDocument(organiser.eventId, sponsorId, documentId, at());
      const after = await documentChanged(organiser, sponsorId, version, { action: 'sponsor.document.delete', target: `sponsor:${sponsorId}`, before });
      await removeUpload(dataDir, organiser.eventId, before.fileUrl);
      return after;
    },

    /** Puts every document of the sponsor in the given order (`ids`, first to last). */
    async reorderDocuments(organiser: Organiser, sponsorId: number, ids: number[]): Promise<ConsoleSponsor> {
      const before = (await find(organiser, sponsorId)).documents.map((d) => d.id);
      checkOrder(before, ids);
      const version = await repository.reorderDocuments(organiser.eventId, sponsorId, ids, at());
      return documentChanged(organiser, sponsorId, version, { action: 'sponsor.document.order', target: `sponsor:${sponsorId}`, before, after: ids });
    },

    async reorder(organiser: Organiser, ids: number[]): Promise<ConsoleSponsorList> {
      const before = (await repository.list(organiser.eventId)).map((s) => s.id);
      checkOrder(before, ids);
      const version = await repository.reorder(organiser.eventId, ids, at());
      await audit.record(organiser, { action: 'sponsor.order', target: 'sponsors', before, after: ids });
      await published(organiser, version);
      return this.list(organiser);
    },
  };
}

export type SponsorEditing = ReturnType<typeof createSponsorEditing>;
