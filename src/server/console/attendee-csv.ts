import { parse } from 'csv-parse/sync';
import * as v from 'valibot';
import { emailField, IMPORT_FIELDS, IMPORT_MAX_ROWS, PERSON_LINE_MAX, PERSON_NAME_MAX, ticketCodeField, type ImportField, type ImportRowError } from '~/contracts/console-people';
import { line, requiredLine } from '~/contracts/console-speakers';

/*
 * Reading an attendee CSV (docs/console.md "People"): UTF-8 with or without a byte-order mark,
 * `,` or `;` between cells (a Norwegian spreadsheet writes `;`), quoted cells with separators,
 * quotes and line breaks inside. Columns are found by their heading, in any order: the event
 * file's field names, or the headings the attendee export writes in English or Norwegian. Row
 * numbers are the spreadsheet's: the heading is row 1.
 */

/** A heading as compared: lower case, without spaces, `-`, `_` or `.`. */
const squeeze = (heading: string): string => heading.normalize('NFC').toLowerCase().replace(/[\s_.-]+/g, '');

/** Headings each field is known by (the export's are locales' `admission.columns`, whose `name` is the first name). */
const HEADINGS: Record<ImportField, string[]> = {
  firstName: ['firstname', 'name', 'givenname', 'fornavn', 'navn'],
  lastName: ['lastname', 'surname', 'familyname', 'etternavn'],
  email: ['email', 'emailaddress', 'mail', 'epost', 'epostadresse'],
  company: ['company', 'organisation', 'organization', 'firma', 'bedrift', 'selskap'],
  jobTitle: ['jobtitle', 'stilling'],
  phone: ['phone', 'mobile', 'phonenumber', 'telefon', 'mobil', 'telefonnummer'],
  ticketCode: ['ticketcode', 'ticket', 'billettkode', 'billett'],
};

const FIELD_BY_HEADING = new Map(IMPORT_FIELDS.flatMap((field) => HEADINGS[field].map((h) => [h, field] as const)));

/** The field a heading names, or null when the import does not read that column. */
export const fieldOfHeading = (heading: string): ImportField | null => FIELD_BY_HEADING.get(squeeze(heading)) ?? null;

const REQUIRED: ImportField[] = ['firstName', 'lastName', 'email'];

/** `;` when the heading row has more of them than `,` outside quotes, else `,`. */
export function separatorOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

const ROW_SCHEMA = v.object({
  firstName: requiredLine(PERSON_NAME_MAX),
  lastName: requiredLine(PERSON_NAME_MAX),
  email: emailField,
  company: line(PERSON_LINE_MAX),
  jobTitle: line(PERSON_LINE_MAX),
  phone: v.pipe(line(40), v.regex(/^[+\d\s()-]*$/, 'must be digits, spaces, +, - or brackets')),
  ticketCode: ticketCodeField,
});

/** One attendee row, checked: the fields the file has (a column it lacks is undefined, so a re-import keeps that field). */
export type AttendeeRow = { row: number } & Pick<v.InferOutput<typeof ROW_SCHEMA>, 'firstName' | 'lastName' | 'email'>
  & Partial<Pick<v.InferOutput<typeof ROW_SCHEMA>, 'company' | 'jobTitle' | 'phone' | 'ticketCode'>>;

export interface AttendeeCsv {
  separator: ',' | ';';
  columns: { header: string; field: ImportField | null }[];
  /** Every row whose cells are all good, in the file's order. */
  rows: AttendeeRow[];
  /** Every row read, as the preview shows them (cells as written, trimmed). */
  cells: { row: number; values: Partial<Record<ImportField, string>> }[];
  errors: ImportRowError[];
}

function records(text: string, separator: string): { rows: string[][]; error?: ImportRowError } {
  try {
    const rows: string[][] = parse(text, { bom: true, delimiter: separator, relax_column_count: true, trim: true, skip_empty_lines: false });
    return { rows };
  } catch (error) {
    const lines = (error as { lines?: number }).lines;
    return { rows: [], error: { row: typeof lines === 'number' ? lines : 1, field: 'file', message: 'the file could not be read as CSV: check its quotes' } };
  }
}

/**
 * The file's columns, rows and every broken rule (row and field named). Rows with no cell
 * filled are skipped (a spreadsheet's trailing lines); an e-mail twice in the file is an error at
 * its second row.
 */
export function readAttendeeCsv(raw: string): AttendeeCsv {
  const text = raw.replace(/^\uFEFF/, '');
  const separator = separatorOf(text);
  const read = records(text, separator);
  const [heading = [], ...body] = read.rows;
  const columns = heading.map((header) => ({ header, field: fieldOfHeading(header) }));
  const errors: ImportRowError[] = read.error ? [read.error] : [];
  const seen = new Set<ImportField>();
  for (const { field } of columns) {
    if (field && seen.has(field)) errors.push({ row: 1, field, message: 'two columns fill this field: keep one' });
    if (field) seen.add(field);
  }
  for (const field of REQUIRED) if (!seen.has(field) && !read.error) errors.push({ row: 1, field, message: 'no column for this field' });
  if (body.length > IMPORT_MAX_ROWS) errors.push({ row: IMPORT_MAX_ROWS + 2, field: 'file', message: `at most ${IMPORT_MAX_ROWS} rows in one file` });
  if (errors.length > 0) return { separator, columns, rows: [], cells: [], errors };

  const rows: AttendeeRow[] = [];
  const cells: AttendeeCsv['cells'] = [];
  const emails = new Map<string, number>();
  body.forEach((record, index) => {
    const row = index + 2;
    if (record.every((cell) => cell === '')) return;
    const values: Partial<Record<ImportField, string>> = {};
    columns.forEach(({ field }, i) => {
      if (field) values[field] = record[i] ?? '';
    });
    cells.push({ row, values });
    const parsed = v.safeParse(v.partial(ROW_SCHEMA), values);
    if (!parsed.success) {
      const byField = new Map<string, string>();
      for (const issue of parsed.issues) {
        const field = v.getDotPath(issue) ?? 'file';
        if (!byField.has(field)) byField.set(field, issue.message);
      }
      for (const [field, message] of byField) errors.push({ row, field: field as ImportField, message });
      return;
    }
    const output = parsed.output as AttendeeRow;
    const first = emails.get(output.email);
    if (first !== undefined) {
      errors.push({ row, field: 'email', message: `the same e-mail address as row ${first}` });
      return;
    }
    emails.set(output.email, row);
    rows.push({ ...output, row });
  });
  return { separator, columns, rows, cells, errors };
}
