import * as v from 'valibot';
import { PARTICIPANT_COLUMNS } from './admission';

/**
 * Shared participant lists (docs/product.md §2 `/participants/{pinCode}`, §3, §7 "shared list by event id
 * and pinCode"): lists an organiser defines in the event file and hands to someone without an
 * account (a partner, the reception desk) as a link with a PIN. docs/event-files.md.
 */

/** The fields a shared list may show: the attendee columns plus the scan-in time. */
export const SHARED_LIST_FIELDS = [...PARTICIPANT_COLUMNS, 'admittedAt'] as const;
export type SharedListField = (typeof SHARED_LIST_FIELDS)[number];
/** Without `columns` a list shows names and company only: e-mail and phone must be asked for. */
export const DEFAULT_SHARED_LIST_COLUMNS: SharedListField[] = ['name', 'lastName', 'company'];
/** Which attendees by admission: everyone, only those scanned in, or only those not yet. */
export const SHARED_LIST_ADMISSION = ['all', 'scannedIn', 'notScannedIn'] as const;
export type SharedListAdmission = (typeof SHARED_LIST_ADMISSION)[number];

/** A PIN: 6 to 64 letters, digits, "-" or "_" (it is a path segment). */
export const PIN_PATTERN = /^[A-Za-z0-9_-]{6,64}$/;

const field = v.picklist(SHARED_LIST_FIELDS, `must be one of ${SHARED_LIST_FIELDS.join(', ')}`);
const column = v.union([
  field,
  v.strictObject({ field, label: v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(100)) }),
], `must be a field name (${SHARED_LIST_FIELDS.join(', ')}) or { "field", "label" }`);

/** One list in the event file's `sharedLists`. */
export const sharedListSchema = (key: v.GenericSchema<string>) => v.strictObject({
  key,
  /** The list's title on the page (docs/product.md §3 listName). */
  name: v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(200)),
  /** Plain text shown under the title, e.g. what the list is for. */
  description: v.optional(v.pipe(v.string(), v.maxLength(2000))),
  pin: v.pipe(v.string(), v.regex(PIN_PATTERN, 'must be 6 to 64 letters, digits, "-" or "_"')),
  columns: v.optional(v.pipe(v.array(column), v.minLength(1, 'must name at least one column'))),
  /** Group keys: members of any of them; absent or empty means every attendee. */
  groups: v.optional(v.array(key), []),
  admission: v.optional(v.picklist(SHARED_LIST_ADMISSION), 'all'),
  /** Hidden attendees chose not to be listed to other people; a shared list leaves them out unless this is true. */
  includeHidden: v.optional(v.boolean(), false),
});

/** A column as stored: the field and the organiser's heading (null: the default heading in the event's language). */
export interface SharedListColumn {
  field: SharedListField;
  label: string | null;
}
