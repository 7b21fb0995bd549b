import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportTable, zipInputOf, type Cell } from '~/server/shared/table-export';

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
    await new Promise((resolve) => setTimeout(resolve, 500));
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
