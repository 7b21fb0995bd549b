import { sameSecret } from '~/server/shared/secrets';
import type { SharedListResponse } from '~/contracts/admission';
import { PIN_PATTERN, type SharedListColumn } from '~/contracts/shared-lists';
import { answerTime, fileStamp } from '~/lib/answer-time';
import { DomainError } from '~/server/errors';
import type { Limiter } from '~/server/shared/limiter';
import { oneBatch, type Cell, type TableExport } from '~/server/shared/table-export';
import type { AdmissionRecord, AdmissionRepository } from './admission.repository';
import { columnValue } from './admission-view';
import type { SharedListRecord, SharedListRepository } from './shared-list.repository';

interface ListEvent { eventId: number; eventSlug: string; eventName: string; timeZone: string }

/** Compared in constant time (sameSecret): the time taken says nothing about the PIN. */
const samePin = (stored: string, given: string) => sameSecret(given, stored);

/**
 * Shared participant lists (docs/product.md §2 `/participants/{pinCode}`, §7): a list the event file
 * defines, opened by its PIN with no account. An unknown or wrong PIN is the same 404, and
 * every miss counts against the client address (`limiter`, shared through Redis with
 * REDIS_URL); while an address is limited even a right PIN waits (429), so guessing stays slow.
 */
export function createSharedListService({ lists, attendees, limiter, clock }: {
  lists: SharedListRepository;
  attendees: Pick<AdmissionRepository, 'attendees' | 'groupIdsByKey'>;
  limiter: Limiter;
  clock: () => Date;
}) {
  async function open(event: ListEvent, pin: string, address: string): Promise<SharedListRecord> {
    const key = `${event.eventId}:${address}`;
    const retryAfter = await limiter.retryAfter(key);
    if (retryAfter > 0) throw new DomainError('shared_list.rate_limited', 'Too many wrong PINs; try again later', { retryAfter });
    let found: SharedListRecord | undefined;
    if (PIN_PATTERN.test(pin)) {
      // Every list is compared, found or not, so the answer time does not tell which came close.
      for (const list of await lists.listsOf(event.eventId)) if (samePin(list.pin, pin) && !found) found = list;
    }
    if (!found) {
      await limiter.fail(key);
      throw new DomainError('shared_list.not_found', 'No list with this PIN');
    }
    return found;
  }

  async function members(event: ListEvent, list: SharedListRecord): Promise<AdmissionRecord[]> {
    const groupIds = await attendees.groupIdsByKey(event.eventId, list.groupKeys);
    // A list of groups that no longer exist shows nobody, never everybody.
    if (list.groupKeys.length > 0 && groupIds.length === 0) return [];
    const records = await attendees.attendees(event.eventId, groupIds.length > 0 ? groupIds : undefined);
    return records.filter((r) => (list.includeHidden || !r.isHidden)
      && (list.admission === 'all' || (list.admission === 'scannedIn') === (r.admittedAt !== null)));
  }

  const cell = (record: AdmissionRecord, column: SharedListColumn, timeZone: string): string | null =>
    column.field === 'admittedAt'
      ? (record.admittedAt === null ? null : answerTime(record.admittedAt, timeZone))
      : columnValue(record, column.field);

  async function table(event: ListEvent, list: SharedListRecord, t: (key: string) => string) {
    const records = await members(event, list);
    return {
      header: list.columns.map((c) => c.label ?? t(`admission.columns.${c.field}`)),
      values: records.map((r) => list.columns.map((c) => cell(r, c, event.timeZone))),
    };
  }

  return {
    /** GET sharedParticipants/{pinCode}: the list's table from its server-given header, title and description. */
    async list(event: ListEvent, pin: string, address: string, t: (key: string) => string): Promise<SharedListResponse> {
      const list = await open(event, pin, address);
      return { participants: await table(event, list, t), eventName: event.eventName, listName: list.name, description: list.description };
    },

    /** GET sharedParticipants/{pinCode}/export: the same rows in the same columns, as XLSX or CSV. */
    async export(event: ListEvent, pin: string, address: string, format: 'xlsx' | 'csv', t: (key: string) => string): Promise<TableExport> {
      const list = await open(event, pin, address);
      const { header, values } = await table(event, list, t);
      return {
        fileName: `${event.eventSlug}-${list.key}-${fileStamp(clock(), event.timeZone)}.${format}`.replace(/[^\w.-]/g, '_'),
        // Spreadsheets refuse these characters in a sheet's name.
        sheet: list.name, header, batches: oneBatch(values.map((row): Cell[] => row)),
      };
    },
  };
}

export type SharedListService = ReturnType<typeof createSharedListService>;
