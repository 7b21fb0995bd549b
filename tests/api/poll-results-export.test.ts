import { request as httpRequest } from 'node:http';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PollResultsResponse } from '~/contracts/poll-results';
import { newAttendee } from './attendee-factory';
import { factories, type Factories, type NewPoll } from './factories';
import { call, sharedServer, type TestServer } from './harness';
import { RESULTS_PASSWORD, resultsLogin, setResultsPasswords } from './poll-results-helpers';

/** A GET whose body is kept as bytes (an XLSX file). */
function download(server: TestServer, host: string, path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, path, headers: { host: `${host}:${server.port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function sheetRows(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('results exports (docs/product.md §7, docs/decisions.md "Exports")', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };
  let session: Record<string, string>;
  let poll: NewPoll;
  let open: NewPoll;

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent();
    await setResultsPasswords(f, event.id);
    session = await resultsLogin(server, event.host, RESULTS_PASSWORD);
    poll = await f.newPoll(event.id, { type: 0, alternatives: [{ text: 'Yes' }, { text: '=SUM(A1)' }] });
    open = await f.newPoll(event.id, { type: 1 });
    for (const [i, choice] of [0, 1, 1].entries()) {
      const who = await newAttendee(f, event.id);
      const post = (path: string, body: unknown) => call(server, `/api/liveEvent/${event.id}/${path}`, {
        host: event.host, method: 'POST', headers: { ...who.auth, 'content-type': 'application/json' }, body: JSON.stringify(body),
      });
      expect((await post('liveStorePollAnswer', { PollID: poll.id, QuestionType: 0, Alternatives: [poll.alternatives[choice]] })).status).toBe(200);
      expect((await post('liveStoreFreeTextAnswer', { PollID: open.id, QuestionType: 1, FreeText: i === 0 ? '=HYPERLINK("http://x")' : `Plain ${i}` })).status).toBe(200);
    }
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  const path = (p: string) => `/api/liveEvent/${event.id}/${p}`;

  it('exports the results table as XLSX with the same rows as the screen, named in x-filename', async () => {
    const res = await download(server, event.host, path(`pollResults/${poll.id}/export/3`), session);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['x-filename'])).toMatch(new RegExp(`^${event.slug}-${poll.accessKey}-results-\\d{8}-\\d{4}\\.xlsx$`));
    const rows = await sheetRows(res.body);
    const screen = (await call(server, path(`pollResults/${poll.id}`), { host: event.host, headers: session })).json<PollResultsResponse>();
    expect(rows.slice(1)).toEqual(screen.votesRegistrations.map((r) => [r.name, r.lastName, r.email, `${r.answers[poll.id] === '=SUM(A1)' ? "'" : ''}${r.answers[poll.id]}`]));
    expect(rows[0]).toEqual(['First name', 'Last name', 'E-mail', `Poll ${poll.accessKey}`, 'Comments']);
  });

  it('escapes formula cells and streams CSV with a byte-order mark', async () => {
    const res = await download(server, event.host, path(`pollResults/${open.accessKey}/export/1?format=csv`), session);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const text = res.body.toString('utf8');
    expect(text.startsWith('\uFEFFTime,First name,Last name')).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    expect(text.trim().split('\r\n')).toHaveLength(4);
  });

  it('exports the counts per alternative and the quiz list', async () => {
    const counts = await sheetRows((await download(server, event.host, path(`pollResults/${poll.id}/export/4`), session)).body);
    expect(counts.slice(1)).toEqual([[`Poll ${poll.accessKey}`, 'Yes', 1], [`Poll ${poll.accessKey}`, "'=SUM(A1)", 2]]);
    const list = await download(server, event.host, path('export/quizList?format=csv'), session);
    expect(list.status).toBe(200);
    expect(list.body.toString('utf8')).toContain(poll.accessKey);
  });

  it('refuses a bad kind or format with 400, and no session with 401', async () => {
    expect((await call(server, path(`pollResults/${poll.id}/export/9`), { host: event.host, headers: session })).json()).toMatchObject({ field: 'kind' });
    expect((await call(server, path(`pollResults/${poll.id}/export/3?format=pdf`), { host: event.host, headers: session })).json()).toMatchObject({ field: 'format' });
    expect((await call(server, path(`pollResults/${poll.id}/export/2`), { host: event.host, headers: session })).status).toBe(400);
    expect((await call(server, path(`pollResults/${poll.id}/export/3`), { host: event.host })).status).toBe(401);
    expect((await call(server, path(`pollResults/${poll.id}/export/3?fromDate=2020-01-01`), { host: event.host, headers: session })).json()).toMatchObject({ field: 'toDate' });
  });
});
