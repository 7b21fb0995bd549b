import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';

export type ExportFormat = 'xlsx' | 'csv';
export type Cell = string | number | null;

/** One export: the file's name, its sheet's name, the header and the row batches, read as the client takes them. */
export interface TableExport {
  fileName: string;
  sheet: string;
  header: string[];
  batches: AsyncIterable<Cell[][]>;
}

/**
 * docs/decisions.md "Exports": a text cell starting with `=`, `+`, `-` or `@` (or a tab or
 * carriage return, which spreadsheets also read as a formula lead) is prefixed with `'`, so a
 * spreadsheet shows it as text and never runs it. Numbers stay numbers.
 */
export function neutralise(cell: Cell): Cell {
  if (typeof cell !== 'string') return cell;
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/**
 * RFC 4180 quoting, and OWASP's advice for CSV injection: a cell holding the separator of either
 * locale (`,` or the `;` of Norwegian spreadsheets) or a quote is quoted, so it cannot end early
 * and open a new cell that starts with a formula.
 */
const csvCell = (cell: Cell): string => {
  const text = cell === null ? '' : String(neutralise(cell));
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

async function* csvChunks(header: string[], batches: AsyncIterable<Cell[][]>): AsyncGenerator<string> {
  // A byte-order mark so spreadsheet programs read UTF-8 (æ, ø, å) right.
  yield `\uFEFF${header.map(csvCell).join(',')}\r\n`;
  for await (const rows of batches) yield rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

interface WritableState { needDrain?: boolean }
interface ZipInput { _writableState?: WritableState; once(event: 'drain', listener: () => void): unknown }

/**
 * The stream that takes a sheet's XML into the zip. exceljs's sheet writer (a `StreamBuf`) hands
 * each 64 KB of XML to it without looking at the return value of `write`, and archiver wraps it
 * in a PassThrough that buffers without bound; so a loop that adds rows faster than zlib packs
 * them queues the whole sheet there (the database reads are synchronous, so without a wait the
 * zip would not run until the last row). exceljs has no public hook for this, so this reads its
 * writer's `pipes`; tests/unit/table-export.test.ts fails if an exceljs upgrade moves it.
 */
export function zipInputOf(sheet: ExcelJS.Worksheet): ZipInput | undefined {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
  const first: unknown = Array.isArray(pipes) ? pipes[0] : undefined;
  return first !== null && typeof first === 'object' && '_writableState' in first && 'once' in first ? (first as ZipInput) : undefined;
}

/** Resolves once `stream` has taken what it was given, right away if it is not full. */
function drained(stream: { writableNeedDrain?: boolean; _writableState?: WritableState; once(event: 'drain', listener: () => void): unknown } | undefined): Promise<void> | undefined {
  if (stream === undefined) return undefined;
  const full = stream.writableNeedDrain ?? stream._writableState?.needDrain ?? false;
  return full ? new Promise((resolve) => stream.once('drain', resolve)) : undefined;
}

/** Spreadsheets refuse a workbook whose sheet name has `* ? : \ / [ ]`, starts or ends with `'` or is longer than 31. */
function sheetName(name: string): string {
  const safe = name.replace(/[*?:\\/[\]]/g, ' ').replace(/^'+/, '').slice(0, 31).replace(/'+$/, '');
  return safe.trim() === '' || safe.toLowerCase() === 'history' ? 'Export' : safe;
}

function xlsxStream(name: string, header: string[], batches: AsyncIterable<Cell[][]>): Readable {
  const out = new PassThrough();
  // The streaming writer: each committed row is zipped out and dropped, so a large export never
  // sits in memory whole. Inline strings: a shared-strings table would keep every text.
  void (async () => {
    // Loaded on the first export, not at start-up: importing exceljs is a large share of a node's start.
    const { default: excel } = await import('exceljs');
    const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false, zip: { zlib: { level: 6, memLevel: 6 } } });
    const sheet = workbook.addWorksheet(sheetName(name));
    sheet.addRow(header.map(neutralise)).commit();
    const zipInput = zipInputOf(sheet);
    for await (const rows of batches) {
      for (const row of rows) sheet.addRow(row.map(neutralise)).commit();
      // Backpressure at both ends: the zip has packed this batch's XML, and the client (through
      // `pulled`) has taken the zipped bytes, before the next batch is read.
      await drained(zipInput);
      await drained(out);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/**
 * A web stream that reads its source only when the client takes the previous chunk (pull), so
 * a slow download holds back the database reads instead of piling chunks up in memory.
 */
function pulled(source: AsyncIterable<string | Buffer>): ReadableStream<Uint8Array> {
  const iterator: AsyncIterator<string | Buffer> = source[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const step = await iterator.next();
      if (step.done === true) return controller.close();
      const chunk: string | Buffer = step.value;
      controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** A streamed spreadsheet (XLSX) or CSV of `header` and the row batches, as a web stream for a Response body. */
export function exportTable(format: ExportFormat, sheet: string, header: string[], batches: AsyncIterable<Cell[][]>): ReadableStream<Uint8Array> {
  return pulled(format === 'csv' ? csvChunks(header, batches) : (xlsxStream(sheet, header, batches) as AsyncIterable<Buffer>));
}

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** Rows read whole (an event's attendee list, as the screen's call reads it) as the one batch of an export. */
export const oneBatch = <T>(rows: T[]): AsyncIterable<T[]> => ({
  [Symbol.asyncIterator]: () => {
    let done = false;
    return { next: () => Promise.resolve(done ? { done: true, value: undefined } : ((done = true), { done: false, value: rows })) };
  },
});
