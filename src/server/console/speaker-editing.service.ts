import { newRowKey } from '~/server/shared/row-key';
import type { ConsoleSpeaker, ConsoleSpeakerList, SpeakerInput } from '~/contracts/console-speakers';
import { DomainError } from '~/server/errors';
import type { Realtime } from '~/server/realtime/index';
import { discardUploadsOnFailure, removeUpload } from '~/server/shared/asset-store';
import { sanitizeRichText } from '~/server/shared/sanitize-html';
import type { AuditService } from './audit.service';
import { storeConsoleImage } from './console-images';
import { invalid } from './console-input';
import type { Organiser } from './organiser-access';
import type { SpeakerEditingRepository, SpeakerValues } from './speaker-editing.repository';

interface Dependencies {
  repository: SpeakerEditingRepository;
  realtime: Pick<Realtime, 'publish' | 'publishDataChange'>;
  audit: AuditService;
  clock: () => Date;
  dataDir: string;
}

/** A speaker's photo is shown at most this wide (cards, the speaker's page on a large screen). */
const PHOTO_SIDE = 800;

/** A new row's key: unique within the event, so the event file's export imports again (docs/event-files.md "Keys"). */
export const newKey = (prefix: string): string => newRowKey(prefix, prefix, 6);

/** A reorder must name every row once: the rows as they are now, in another order. */
export function checkOrder(current: readonly number[], ids: readonly number[]): void {
  const known = new Set(current);
  if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) throw invalid('ids', 'must list every row of the event once');
}

/**
 * The event's speakers from the console (docs/console.md "Speakers"): each change is one
 * transaction that bumps the event's version, an audit row, a data change `stored` (the speakers
 * read model and kept answers on every node), then `event-change`, and `agenda-change` when the
 * speaker is on sessions (the programme shows them).
 */
export function createSpeakerEditing({ repository, realtime, audit, clock, dataDir }: Dependencies) {
  async function find(organiser: Organiser, speakerId: number): Promise<ConsoleSpeaker> {
    const speaker = (await repository.list(organiser.eventId)).find((s) => s.id === speakerId);
    if (!speaker) throw new DomainError('speaker.not_found', 'No such speaker in this event', { field: 'speakerId' });
    return speaker;
  }

  async function values(organiser: Organiser, input: SpeakerInput): Promise<SpeakerValues> {
    const categories = new Set((await repository.categories(organiser.eventId)).map((c) => c.id));
    const unknown = input.categoryIds.find((id) => !categories.has(id));
    if (unknown !== undefined) throw invalid('categoryIds', `no speaker category ${unknown} in this event`);
    return { ...input, description: sanitizeRichText(input.description) };
  }

  async function published(organiser: Organiser, version: number, onSessions: boolean): Promise<void> {
    // First, so that every node has dropped what it kept when screens read again.
    await realtime.publishDataChange(organiser.eventId, 'stored');
    await realtime.publish(organiser.eventId, 'event-change', { version });
    if (onSessions) await realtime.publish(organiser.eventId, 'agenda-change', {});
  }

  const at = () => clock().toISOString();

  return {
    async list(organiser: Organiser): Promise<ConsoleSpeakerList> {
      const [speakers, categories] = await Promise.all([repository.list(organiser.eventId), repository.categories(organiser.eventId)]);
      return { speakers, categories };
    },

    async create(organiser: Organiser, input: SpeakerInput): Promise<ConsoleSpeaker> {
      const fields = await values(organiser, input);
      let key = newKey('speaker');
      while (await repository.keyExists(organiser.eventId, key)) key = newKey('speaker');
      const { id, version } = await repository.insert(organiser.eventId, key, fields, at());
      const after = await find(organiser, id);
      await audit.record(organiser, { action: 'speaker.create', target: `speaker:${id}`, after });
      await published(organiser, version, false);
      return after;
    },

    async update(organiser: Organiser, speakerId: number, input: SpeakerInput): Promise<ConsoleSpeaker> {
      const before = await find(organiser, speakerId);
      const version = await repository.update(organiser.eventId, speakerId, await values(organiser, input), at());
      const after = await find(organiser, speakerId);
      await audit.record(organiser, { action: 'speaker.update', target: `speaker:${speakerId}`, before, after });
      await published(organiser, version, before.sessionCount > 0);
      if (input.imageUrl === null) await removeUpload(dataDir, organiser.eventId, before.imageUrl);
      return after;
    },

    /** Stores the photo (upload rules) and sets it; the photo it replaces is removed when it was an upload. */
    async setPhoto(organiser: Organiser, speakerId: number, bytes: Buffer): Promise<ConsoleSpeaker> {
      const before = await find(organiser, speakerId);
      const url = await storeConsoleImage(dataDir, organiser, bytes, PHOTO_SIDE);
      const version = await discardUploadsOnFailure(dataDir, organiser.eventId, [url], () => repository.setImage(organiser.eventId, speakerId, url, at()));
      const after = { ...before, imageUrl: url };
      await audit.record(organiser, { action: 'speaker.update', target: `speaker:${speakerId}`, before: { imageUrl: before.imageUrl }, after: { imageUrl: url } });
      await published(organiser, version, before.sessionCount > 0);
      await removeUpload(dataDir, organiser.eventId, before.imageUrl);
      return after;
    },

    /** Deletes the speaker and takes them off every session they were on. */
    async remove(organiser: Organiser, speakerId: number): Promise<{ removed: number; sessionIds: number[] }> {
      const before = await find(organiser, speakerId);
      const { sessionIds, version } = await repository.remove(organiser.eventId, speakerId, at());
      await audit.record(organiser, { action: 'speaker.delete', target: `speaker:${speakerId}`, before: { ...before, sessionIds } });
      await published(organiser, version, sessionIds.length > 0);
      await removeUpload(dataDir, organiser.eventId, before.imageUrl);
      return { removed: speakerId, sessionIds };
    },

    async reorder(organiser: Organiser, ids: number[]): Promise<ConsoleSpeakerList> {
      const before = (await repository.list(organiser.eventId)).map((s) => s.id);
      checkOrder(before, ids);
      const version = await repository.reorder(organiser.eventId, ids, at());
      await audit.record(organiser, { action: 'speaker.order', target: 'speakers', before, after: ids });
      await published(organiser, version, false);
      return this.list(organiser);
    },
  };
}

export type SpeakerEditing = ReturnType<typeof createSpeakerEditing>;
