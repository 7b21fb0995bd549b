import * as v from 'valibot';

/**
 * Admission lists (docs/product.md §3 "Results responses", §7 participantsAdmission) and the shared
 * participant list opened by a PIN. Both answer tables as a server-given header and rows of
 * values, so the screens never decide which columns exist.
 */

/** A table as the server gives it: headings in the event's language and one row of values per attendee. */
export interface ParticipantTable {
  header: string[];
  values: (string | null)[][];
}

export interface AdmissionResponse {
  admittedParticipants: ParticipantTable;
  noAdmittedParticipants: ParticipantTable;
}

/** GET sharedParticipants/{pinCode}: docs/product.md §3 shared participant list, plus the organiser's description. */
export interface SharedListResponse {
  participants: ParticipantTable;
  eventName: string;
  listName: string;
  description: string | null;
}

/** docs/product.md §3 default admission columns, in order; also the fields a shared list may show. */
export const PARTICIPANT_COLUMNS = ['name', 'lastName', 'company', 'email', 'phone', 'jobTitle', 'title', 'address'] as const;
export type ParticipantColumn = (typeof PARTICIPANT_COLUMNS)[number];
export const ADMISSION_COLUMNS: ParticipantColumn[] = ['name', 'lastName', 'company', 'email', 'phone'];

const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const dateField = v.pipe(v.string(), v.regex(DATE, 'must be a date (YYYY-MM-DD) or an ISO date-time'), v.check((s) => !Number.isNaN(Date.parse(s)), 'is not a real date'));
/** Empty strings count as absent: the screen sends its empty date inputs as they are. */
const optionalDate = v.optional(v.pipe(v.union([v.literal(''), dateField]), v.transform((s) => (s === '' ? undefined : s))));
const groupIds = v.pipe(
  v.union([
    v.array(v.pipe(v.number(), v.integer(), v.minValue(1))),
    v.pipe(v.string(), v.regex(/^\s*(\d{1,9}(\s*,\s*\d{1,9})*)?\s*$/, 'must be group ids separated by commas'),
      v.transform((s) => s.split(',').map((id) => id.trim()).filter(Boolean).map(Number))),
  ], 'must be a list of group ids'),
  v.transform((ids) => [...new Set(ids)]), v.maxLength(200, 'at most 200 groups'),
);

/** POST participantsAdmission: docs/product.md §5 dates both or neither, groups (members of any). */
export const AdmissionQuerySchema = v.pipe(
  v.object({ fromDate: optionalDate, toDate: optionalDate, groups: v.optional(groupIds) }),
  v.forward(v.check((q) => q.fromDate === undefined || q.toDate !== undefined, 'is required with fromDate (both dates or neither)'), ['toDate']),
  v.forward(v.check((q) => q.toDate === undefined || q.fromDate !== undefined, 'is required with toDate (both dates or neither)'), ['fromDate']),
);
export type AdmissionQuery = v.InferOutput<typeof AdmissionQuerySchema>;

/** POST participantsAdmission/export: the query plus which lists go into the file (both by default). */
export const AdmissionExportSchema = v.pipe(
  v.object({
    fromDate: optionalDate, toDate: optionalDate, groups: v.optional(groupIds),
    addAdmittedRows: v.optional(v.boolean(), true),
    // The contract's spelling (addNoAdmitedRows) is the contract.
    addNoAdmitedRows: v.optional(v.boolean(), true),
    format: v.optional(v.picklist(['xlsx', 'csv'], 'must be xlsx or csv'), 'xlsx'),
  }),
  v.forward(v.check((q) => q.fromDate === undefined || q.toDate !== undefined, 'is required with fromDate (both dates or neither)'), ['toDate']),
  v.forward(v.check((q) => q.toDate === undefined || q.fromDate !== undefined, 'is required with toDate (both dates or neither)'), ['fromDate']),
);
export type AdmissionExportQuery = v.InferOutput<typeof AdmissionExportSchema>;
