import { request as httpRequest } from 'node:http';
import ExcelJS from 'exceljs';
import type { TestServer } from './harness';

export interface ByteResponse { status: number; headers: Record<string, unknown>; body: Buffer }

/** A request whose answer is kept as bytes (an XLSX file); `body` makes it a JSON POST. */
export function download(server: TestServer, host: string, path: string, headers: Record<string, string>, body?: unknown): Promise<ByteResponse> {
  return new Promise((resolve, reject) => {
    const method = body === undefined ? 'GET' : 'POST';
    const json = body === undefined ? {} : { 'content-type': 'application/json' };
    const req = httpRequest({ host: '127.0.0.1', port: server.port, path, method, headers: { host: `${host}:${server.port}`, ...json, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** The first sheet's rows, read back with the XLSX library. */
export async function sheetRows(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow({ includeEmpty: false }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** The rows of an RFC 4180 CSV file (byte-order mark, quoted cells with "" for a quote, CRLF). */
export function csvRows(body: Buffer): string[][] {
  const text = body.toString('utf8').replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  for (let at = 0; at < text.length;) {
    const quoted = /^"((?:[^"]|"")*)"/.exec(text.slice(at)) ?? /^([^,\r\n]*)/.exec(text.slice(at))!;
    row.push(quoted[0].startsWith('"') ? quoted[1]!.replace(/""/g, '"') : quoted[1]!);
    at += quoted[0].length;
    if (text.startsWith(',', at)) at += 1;
    else if (text.startsWith('\r\n', at) || at >= text.length) {
      rows.push(row);
      row = [];
      at += 2;
    } else throw new Error(`not RFC 4180 CSV at ${at}: ${JSON.stringify(text.slice(at, at + 20))}`);
  }
  return rows;
}
