import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PollResultsResponse, TemplateResultsResponse } from '~/contracts/poll-results';
import { newAttendee } from './attendee-factory';
import { factories, type Factories, type NewPoll } from './factories';
import { call, sharedServer, type TestServer } from './harness';
import { POLL_PASSWORD, RESULTS_PASSWORD, resultsLogin, setResultsPasswords } from './poll-results-helpers';
import { download, sheetRows } from './sheet-helpers';

const ratings = [1, 2, 3, 4, 5].map((value) => ({ text: String(value), value }));
/** What a spreadsheet cell holds for a screen value: formula leads get a `'` (docs/decisions.md "Exports"). */
const cell = (value: unknown) => (typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
/** Sheet rows padded to `width`, empty cells as '' (exceljs leaves them out). */
const padded = (rows: unknown[][], width: number) => rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));

describe('template exports: templateResults/{id}/export…, pollTemplateResults/{id}/export/{kind} (docs/product.md §7)', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };
  let session: Record<string, string>;
  let template: NewPoll;
  let first: NewPoll;
  let second: NewPoll;
  let guarded: NewPoll;

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent();
    template = await f.newPoll(event.id, { type: 10, alternatives: ratings, isTemplate: true });
    first = await f.newPoll(event.id, { type: 10, alternatives: ratings, isCommentsEnabled: true });
    second = await f.newPoll(event.id, { type: 10, alternatives: ratings });
    guarded = await f.newPoll(event.id, { type: 0, alternatives: [{ text: 'A' }] });
    await setResultsPasswords(f, event.id, guarded.id);
    session = await resultsLogin(server, event.host, RESULTS_PASSWORD);
    const rate = async (poll: NewPoll, index: number, options: { templateId?: number; comment?: string } = {}) => {
      const who = await newAttendee(f, event.id);
      const item = { id: poll.id, pollId: poll.id, answers: [poll.alternatives[index]], ...(options.comment ? { comment: options.comment } : {}) };
      const res = await call(server, `/api/liveEvent/${event.id}/${options.templateId ? 'templateQuizAnswer' : 'quizAnswer'}`, {
        host: event.host, method: 'POST', headers: { ...who.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ quizId: poll.id, items: [item], ...(options.templateId ? { templateId: options.templateId } : {}) }),
      });
      expect(res.status).toBe(200);
    };
    await rate(first, 4, { templateId: template.id });
    await rate(first, 0, { templateId: template.id, comment: '=HYPERLINK("http://x")' });
    await rate(second, 2, { templateId: template.id });
    await rate(second, 4);
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  const path = (p: string, eventId = event.id) => `/api/liveEvent/${eventId}/${p}`;
  const get = <T>(p: string, headers = session) => call(server, path(p), { host: event.host, headers }).then((res) => res.json<T>());
  const file = (p: string, headers = session) => download(server, event.host, path(p), headers);

  it('exports the rating list as XLSX with the rows of templateResults/{id}', async () => {
    const res = await file(`templateResults/${template.accessKey}/export`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['access-control-expose-headers']).toBe('x-filename');
    expect(String(res.headers['x-filename'])).toMatch(new RegExp(`^${event.slug}-${template.accessKey}-template-ratings-\\d{8}-\\d{4}\\.xlsx$`));
    const rows = await sheetRows(res.body);
    const screen = await get<TemplateResultsResponse>(`templateResults/${template.id}`);
    expect(rows[0]).toEqual(['Title', 'Access key', 'Average', 'Count']);
    expect(rows.slice(1)).toEqual(screen.templateResults.map((r) => [r.title, r.accessKey, r.average, r.answerCount]));
    expect(rows.slice(1).map((r) => [r[1], r[2], r[3]]).sort()).toEqual([[first.accessKey, 3, 2], [second.accessKey, 3, 1]].sort());
  });

  it('exports the template table (kind 3) with the rows of templatePollResults/{id}, formulas escaped', async () => {
    const res = await file(`templateResults/${template.id}/export/3`);
    expect(String(res.headers['x-filename'])).toMatch(new RegExp(`^${event.slug}-${template.accessKey}-template-results-\\d{8}-\\d{4}\\.xlsx$`));
    const screen = await get<PollResultsResponse>(`templatePollResults/${template.id}`);
    const rows = await sheetRows(res.body);
    expect(rows[0]).toEqual(['First name', 'Last name', 'E-mail', ...screen.items.map((i) => i.title), 'Comments']);
    const width = 4 + screen.items.length;
    expect(padded(rows.slice(1), width)).toEqual(screen.votesRegistrations.map((r) =>
      [r.name, r.lastName, r.email, ...screen.items.map((i) => r.answers[i.id] ?? ''), r.comment].map(cell)));
    // Three answers went through the template; the direct rating of `second` is not in the file.
    expect(rows).toHaveLength(1 + 3);
    expect(rows.flat()).toContain(`'=HYPERLINK("http://x")`);
  });

  it('exports counts per alternative (kind 4) as the screen counts them, from template answers only', async () => {
    const screen = await get<PollResultsResponse>(`templatePollResults/${template.id}`);
    const rows = await sheetRows((await file(`templateResults/${template.id}/export/4`)).body);
    expect(rows.slice(1)).toEqual(screen.items.flatMap((i) => i.alternatives.map((a) => [i.title, a.text, a.count])));
    expect(rows.slice(1).filter((r) => r[0] === `Poll ${second.accessKey}`).map((r) => r[2])).toEqual([0, 0, 1, 0, 0]);
  });

  it('exports the open-text answers (kind 1) and the polls run from the template (kind 2) as CSV', async () => {
    const open = await file(`templateResults/${template.id}/export/1?format=csv`);
    expect(open.status).toBe(200);
    expect(open.headers['content-type']).toContain('text/csv');
    const text = open.body.toString('utf8');
    expect(text.startsWith('\uFEFFTime,First name,Last name,Question,Answers,Presented,Hidden\r\n')).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    const list = await file(`templateResults/${template.id}/export/2?format=csv`);
    expect(String(list.headers['x-filename'])).toMatch(/-template-quiz-list-\d{8}-\d{4}\.csv$/);
    const screen = await get<PollResultsResponse>(`templatePollResults/${template.id}`);
    expect(list.body.toString('utf8').trim().split('\r\n').slice(1)).toEqual(screen.quizList.map((q) => `${q.title},${q.accessKey},${q.questionType}`));
  });

  it('exports a poll counting only answers given through a template (pollTemplateResults)', async () => {
    const screen = await get<PollResultsResponse>(`pollTemplateResults/${second.id}`);
    const res = await file(`pollTemplateResults/${second.accessKey}/export/4`);
    expect(String(res.headers['x-filename'])).toMatch(new RegExp(`^${event.slug}-${second.accessKey}-via-template-answers-\\d{8}-\\d{4}\\.xlsx$`));
    expect((await sheetRows(res.body)).slice(1)).toEqual(screen.poll.alternatives.map((a) => [screen.poll.title, a.text, a.count]));
    const table = await sheetRows((await file(`pollTemplateResults/${second.id}/export/3`)).body);
    expect(padded(table.slice(1), 5)).toEqual(screen.votesRegistrations.map((r) => [r.name, r.lastName, r.email, r.answers[second.id] ?? '', r.comment]));
    expect(table).toHaveLength(2);
    // templateId narrows to one template: another id leaves nothing.
    const none = await sheetRows((await file(`pollTemplateResults/${second.id}/export/3?templateId=${first.id}`)).body);
    expect(none).toHaveLength(1);
  });

  it('refuses no session or a bad one (401), another poll’s session (403), unknown ids (404), another event (403)', async () => {
    const paths = [`templateResults/${template.id}/export`, `templateResults/${template.id}/export/3`, `pollTemplateResults/${second.id}/export/3`];
    const own = await resultsLogin(server, event.host, POLL_PASSWORD, guarded.accessKey);
    for (const p of paths) {
      expect((await call(server, path(p), { host: event.host })).status).toBe(401);
      expect((await call(server, path(p), { host: event.host, headers: { cookie: 'private_results_generic=not-a-session' } })).json()).toMatchObject({ error: 'results.unauthorized' });
      expect((await call(server, path(p), { host: event.host, headers: { 'x-results-token': 'wrong' } })).status).toBe(401);
      const forbidden = await call(server, path(p), { host: event.host, headers: own });
      expect(forbidden.status).toBe(403);
      expect(forbidden.json()).toMatchObject({ error: 'results.forbidden' });
    }
    const elsewhere = await f.newEvent();
    const foreign = await f.newPoll(elsewhere.id, { type: 10, alternatives: ratings, isTemplate: true });
    for (const p of ['templateResults/999999/export', 'templateResults/999999/export/3', 'pollTemplateResults/999999/export/3',
      `templateResults/${foreign.id}/export`, `templateResults/${first.id}/export`, `templateResults/${first.id}/export/4`]) {
      const res = await call(server, path(p), { host: event.host, headers: session });
      expect(res.status, p).toBe(404);
      expect(res.json()).toMatchObject({ error: 'results.not_found' });
    }
    const wrongEvent = await call(server, path(`templateResults/${template.id}/export`, elsewhere.id), { host: event.host, headers: session });
    expect(wrongEvent.status).toBe(403);
    expect(wrongEvent.json()).toMatchObject({ error: 'event.wrong_event' });
  });

  it('answers 400 naming kind, format and the missing date', async () => {
    expect((await call(server, path(`templateResults/${template.id}/export/9`), { host: event.host, headers: session })).json()).toMatchObject({ field: 'kind' });
    expect((await call(server, path(`pollTemplateResults/${second.id}/export/2`), { host: event.host, headers: session })).json()).toMatchObject({ field: 'kind' });
    expect((await call(server, path(`pollTemplateResults/${second.id}/export/x`), { host: event.host, headers: session })).json()).toMatchObject({ field: 'kind' });
    expect((await call(server, path(`templateResults/${template.id}/export?format=pdf`), { host: event.host, headers: session })).json()).toMatchObject({ field: 'format' });
    expect((await call(server, path(`templateResults/${template.id}/export/3?fromDate=2020-01-01`), { host: event.host, headers: session })).json()).toMatchObject({ field: 'toDate' });
  });
});
