import * as v from 'valibot';
import { line, requiredLine } from './console-speakers';

/*
 * The console's people (docs/console.md "People"): the attendee list an organiser searches and
 * pages, one attendee's form, and the CSV import's preview and answer.
 */

/** An attendee as the console lists them. */
export interface ConsolePerson {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  jobTitle: string;
  phone: string;
  /** The first ticket's printed code; null for an account without a ticket. */
  ticketCode: string | null;
  /** When the attendee was first checked in (scanned in at the door or checked in here); null when not. */
  checkedInAt: string | null;
  online: boolean;
  organiser: boolean;
  hidden: boolean;
}

/** GET /api/console/people: one page of the list, `total` matching the search. */
export interface ConsolePeoplePage {
  people: ConsolePerson[];
  total: number;
  page: number;
  pageSize: number;
}

export const PEOPLE_PAGE_SIZE = 50;
export const PERSON_NAME_MAX = 100;
export const PERSON_LINE_MAX = 200;
export const EMAIL_MAX = 254;

/** The list's query: `q` searches name, e-mail and company; `page` counts from 1. */
export const PeopleQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'must be at most 200 characters')), ''),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'must be a whole number from 1'), v.transform(Number), v.minValue(1, 'must be a whole number from 1')), '1'),
  size: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'must be a whole number from 10 to 200'), v.transform(Number), v.minValue(10, 'must be a whole number from 10 to 200'), v.maxValue(200, 'must be a whole number from 10 to 200')), String(PEOPLE_PAGE_SIZE)),
});

/** An e-mail address as accounts store it: trimmed, lower case. */
export const emailField = v.pipe(
  v.string('must be text'), v.trim(), v.toLowerCase(), v.minLength(1, 'is required'), v.maxLength(EMAIL_MAX, `must be at most ${EMAIL_MAX} characters`),
  v.email('must be an e-mail address'),
);

/** A ticket's printed code, as the door types it: letters, digits, `-` and `_`. */
export const ticketCodeField = v.pipe(v.string('must be text'), v.trim(), v.maxLength(40, 'must be at most 40 characters'), v.regex(/^[A-Za-z0-9_-]*$/, 'must be letters, digits, "-" or "_"'));

/** One attendee's fields, for a new attendee and an edit alike. */
export const PersonInputSchema = v.object({
  firstName: requiredLine(PERSON_NAME_MAX),
  lastName: requiredLine(PERSON_NAME_MAX),
  email: emailField,
  company: v.optional(line(PERSON_LINE_MAX), ''),
  jobTitle: v.optional(line(PERSON_LINE_MAX), ''),
  phone: v.optional(v.pipe(line(40), v.regex(/^[+\d\s()-]*$/, 'must be digits, spaces, +, - or brackets')), ''),
});
export type PersonInput = v.InferOutput<typeof PersonInputSchema>;

export const HiddenInputSchema = v.object({ hidden: v.boolean('must be true or false') });
export const OrganiserInputSchema = v.object({ organiser: v.boolean('must be true or false') });
export const CheckInInputSchema = v.object({ checkedIn: v.boolean('must be true or false') });

/** The largest CSV the import reads: 20,000 rows of a few hundred characters each, with room. */
export const IMPORT_MAX_CHARS = 10 * 1024 * 1024;
/** The import's body: the file as a JSON string, escapes and multi-byte letters included. */
export const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;

export const ImportInputSchema = v.object({
  csv: v.pipe(v.string('must be the file\'s text'), v.minLength(1, 'is empty: choose a CSV file'), v.maxLength(IMPORT_MAX_CHARS, 'is too large: at most 10 MB')),
});

/** The fields an import fills, named as the event file names them. */
export const IMPORT_FIELDS = ['firstName', 'lastName', 'email', 'company', 'jobTitle', 'phone', 'ticketCode'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** A broken rule of one row: `row` is the spreadsheet's row number (the header is row 1). */
export interface ImportRowError {
  row: number;
  field: ImportField | 'file';
  message: string;
}

/** What the preview shows before anything is written. */
export interface ImportPreview {
  separator: ',' | ';';
  /** Each column of the file, in its order, with the field it fills (null: not imported). */
  columns: { header: string; field: ImportField | null }[];
  /** The first rows as they will be read. */
  rows: Partial<Record<ImportField, string>>[];
  total: number;
  /** New attendees, attendees whose fields change, and rows that change nothing. */
  counts: { created: number; updated: number; unchanged: number };
  errors: ImportRowError[];
}

/** The import's answer, one JSON object per line: progress while it writes, then the outcome. */
export type ImportProgressLine =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; created: number; updated: number; unchanged: number; ms: number }
  | { type: 'error'; error: string; message: string };
