import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { holdFor } from '../../../hold';
import { exportTable, oneBatch, zipInputOf, type Cell } from '~/server/shared/table-export';

const BATCH = 1000;
const BATCHES = 40;

/** Row batches that count how many were read; each row has distinct text, so the XML is ~5 MB. */
function countedBatches() {
  const read = { batches: 0 };
  async function* batches(): AsyncGenerator<Cell[][]> {
    for (let b = 0; b < BATCHES; b += 1) {
      // A microtask only, as the synchronous SQLite reads behind a real export are.
      await Promise.resolve();
      read.batches += 1;
      yield Array.from({ length: BATCH }, (_, i): Cell[] => [`Person ${b}-${i}`, `person.${b}.${i}@example.test`, b * BATCH + i]);
    }
  }
  return { read, batches: batches() };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('XLSX export backpressure', () => {
  it('finds the stream that takes the sheet XML into the zip (exceljs internals this relies on)', () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet('S');
    expect(zipInputOf(sheet)).toBeDefined();
  });

  it('reads no further batches while the client takes nothing, then writes every row', async () => {
    const { read, batches } = countedBatches();
    const stream = exportTable('xlsx', 'Sheet', ['Name', 'E-mail', 'N'], batches);
    // Deliberate window: that reading stops while nobody takes the file shows only as batches not
    // read. Nothing marks a read that did not happen; 500 ms is many batches' worth of reading.
    await holdFor(500);
    // Without waiting for the zip, the whole sheet (all batches) would be queued by now.
    expect(read.batches).toBeGreaterThan(0);
    expect(read.batches).toBeLessThan(BATCHES / 2);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readAll(stream)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(read.batches).toBe(BATCHES);
    expect(sheet.rowCount).toBe(BATCHES * BATCH + 1);
    expect(sheet.getRow(BATCHES * BATCH + 1).values).toEqual([undefined, `Person ${BATCHES - 1}-${BATCH - 1}`, `person.${BATCHES - 1}.${BATCH - 1}@example.test`, BATCHES * BATCH - 1]);
  }, 30_000);
});

async function workbookOf(stream: ReadableStream<Uint8Array>): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readAll(stream)) as unknown as ArrayBuffer);
  return workbook;
}

describe('CSV and XLSX cells', () => {
  const formulas = ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'];

  it('writes RFC 4180 CSV with a BOM and CRLF, quoting a cell with a quote, a line break or the separator of either locale', async () => {
    const text = (await readAll(exportTable('csv', 'S', ['a', 'b'], oneBatch([['x,y', 'say "hi"'], ['p;q', 'one\ntwo'], [42, null]])))).toString('utf8');
    expect(text).toBe('\uFEFFa,b\r\n"x,y","say ""hi"""\r\n"p;q","one\ntwo"\r\n42,\r\n');
  });

  it('neutralises a cell that starts like a formula with a leading quote, the same in CSV and XLSX, the header too', async () => {
    const rows: Cell[][] = [[...formulas, 'plain', 'a=b', -5]];
    const csv = (await readAll(exportTable('csv', 'S', formulas, oneBatch(rows)))).toString('utf8');
    expect(csv).toBe(`\uFEFF'=1+1,'+1,'-1,'@SUM(A1),'\tx,"'\rx"\r\n'=1+1,'+1,'-1,'@SUM(A1),'\tx,"'\rx",plain,a=b,-5\r\n`);
    const sheet = (await workbookOf(exportTable('xlsx', 'S', formulas, oneBatch(rows)))).worksheets[0]!;
    // XML reads a carriage return back as a line feed; what matters is the leading quote.
    const escaped = formulas.map((cell) => `'${cell.replace('\r', '\n')}`);
    expect(sheet.getRow(1).values).toEqual([undefined, ...escaped]);
    // Numbers stay numbers: only text can be read as a formula.
    expect(sheet.getRow(2).values).toEqual([undefined, ...escaped, 'plain', 'a=b', -5]);
  });

  it('writes XML specials as text and drops the control characters XML cannot hold, so the file still opens', async () => {
    const sheet = (await workbookOf(exportTable('xlsx', 'S', ['a'], oneBatch([['x\u0001y <b>&</b>']])))).worksheets[0]!;
    expect(sheet.getRow(2).values).toEqual([undefined, 'xy <b>&</b>']);
  });

  it('names the sheet so spreadsheets open the file: no * ? : \\ / [ ], no quote at either end, at most 31 characters', async () => {
    const workbook = await workbookOf(exportTable('xlsx', "'Q1: yes/no? [draft] *\\ and a long tail'", ['a'], oneBatch([['1']])));
    expect(workbook.worksheets[0]!.name).toBe('Q1  yes no   draft     and a lo');
  });
});
