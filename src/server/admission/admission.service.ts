import { ADMISSION_COLUMNS, type AdmissionExportQuery, type AdmissionQuery, type AdmissionResponse } from '~/contracts/admission';
import { answerTime, fileStamp } from '~/lib/answer-time';
import { DomainError } from '~/server/errors';
import type { ResultsGrant } from '~/server/results-login/results-login.service';
import { oneBatch, type Cell, type TableExport } from '~/server/shared/table-export';
import type { AdmissionRecord, AdmissionRepository } from './admission.repository';
import { toTable } from './admission-view';

const DAY_MS = 24 * 60 * 60 * 1000;

interface AdmissionEvent { eventId: number; eventSlug: string; timeZone: string }

/** Only the admission session (`participant_results`) opens the lists; a poll results session does not. */
function requireAdmission(grants: ResultsGrant[]): void {
  if (!grants.some((g) => g.scope === 'participant')) throw new DomainError('results.forbidden', 'Log in to the admission lists');
}

/**
 * The scan-in window of a query (docs/product.md §5 both dates or neither, checked by the schema): a bare
 * date is a whole UTC day; `toDate` before `fromDate` is a 400 naming toDate.
 */
export function admissionWindow(query: AdmissionQuery): { from: string; to: string } | undefined {
  if (query.fromDate === undefined || query.toDate === undefined) return undefined;
  const from = Date.parse(query.fromDate);
  const to = Date.parse(query.toDate) + (/^\d{4}-\d{2}-\d{2}$/.test(query.toDate) ? DAY_MS : 1);
  if (to <= from) throw new DomainError('request.invalid', 'toDate: must not be before fromDate', { field: 'toDate' });
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/**
 * Admission lists (docs/product.md §7 participantsAdmission): the event's attendees split into scanned-in
 * and not scanned-in. With dates, scanned-in means scanned in within the window and everyone
 * else is in the other list, so the two always partition the attendees.
 */
export function createAdmissionService({ repository, clock }: { repository: AdmissionRepository; clock: () => Date }) {
  async function split(event: AdmissionEvent, grants: ResultsGrant[], query: AdmissionQuery) {
    requireAdmission(grants);
    const window = admissionWindow(query);
    const records = await repository.attendees(event.eventId, query.groups);
    const isIn = (r: AdmissionRecord) => r.admittedAt !== null && (!window || (r.admittedAt >= window.from && r.admittedAt < window.to));
    return { admitted: records.filter(isIn), notAdmitted: records.filter((r) => !isIn(r)) };
  }

  function exportOf(event: AdmissionEvent, chosen: AdmissionRecord[], format: AdmissionExportQuery['format'], t: (key: string) => string): TableExport {
    const table = toTable(chosen, ADMISSION_COLUMNS, t);
    const rows = table.values.map((row, i): Cell[] => {
      const at = chosen[i]!.admittedAt;
      return [...row, at === null ? null : answerTime(at, event.timeZone)];
    });
    return {
      fileName: `${event.eventSlug}-admission-${fileStamp(clock(), event.timeZone)}.${format}`.replace(/[^\w.-]/g, '_'),
      sheet: t('admission.title'), header: [...table.header, t('admission.columns.admittedAt')],
      batches: oneBatch(rows),
    };
  }

  return {
    /** POST participantsAdmission: both lists with the docs/product.md §3 default columns. */
    async lists(event: AdmissionEvent, grants: ResultsGrant[], query: AdmissionQuery, t: (key: string) => string): Promise<AdmissionResponse> {
      const { admitted, notAdmitted } = await split(event, grants, query);
      return { admittedParticipants: toTable(admitted, ADMISSION_COLUMNS, t), noAdmittedParticipants: toTable(notAdmitted, ADMISSION_COLUMNS, t) };
    },

    /** The groups filter of the admission page. */
    async groups(event: AdmissionEvent, grants: ResultsGrant[]): Promise<{ id: number; name: string }[]> {
      requireAdmission(grants);
      return repository.groups(event.eventId);
    },

    /**
     * POST participantsAdmission/export: the chosen lists in one sheet, the screen's columns plus
     * the scan-in time (event's zone; empty when not scanned in). Lists are one event's
     * attendees, read once like the screen's call.
     */
    async export(event: AdmissionEvent, grants: ResultsGrant[], query: AdmissionExportQuery, t: (key: string) => string): Promise<TableExport> {
      const { admitted, notAdmitted } = await split(event, grants, query);
      return exportOf(event, [...(query.addAdmittedRows ? admitted : []), ...(query.addNoAdmitedRows ? notAdmitted : [])], query.format, t);
    },

    /** The same file of every attendee, for the console's people area (its route admits organisers only). */
    async exportEveryone(event: AdmissionEvent, format: AdmissionExportQuery['format'], t: (key: string) => string): Promise<TableExport> {
      return exportOf(event, await repository.attendees(event.eventId), format, t);
    },
  };
}

export type AdmissionService = ReturnType<typeof createAdmissionService>;
