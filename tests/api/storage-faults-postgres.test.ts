import { afterAll, describe, expect, it, vi } from 'vitest';
import { newAttendee } from './attendee-factory';
import { factories } from './factories';
import { call, dropDatabase, freshDatabaseUrl, startServer, type HttpResponse } from './harness';
import { until } from './ops-helpers';
import { upgradeStatus } from './realtime-helpers';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

const hasPostgres = Boolean(process.env['TEST_DATABASE_URL']);

interface Answer { status: number; kind: string; response?: HttpResponse }

/**
 * A steady stream of the calls attendees make (a vote, a signed-in read on the lean path, a
 * page), one every 50 ms (the offered load, not a wait), recording every answer; `stop` ends the
 * stream and waits for the answers still out.
 */
function load(requests: (() => Promise<HttpResponse>)[], tag: { kind: string }[]) {
  const answers: Answer[] = [];
  const out = new Set<Promise<unknown>>();
  let i = 0;
  const timer = setInterval(() => {
    const index = i % requests.length;
    i += 1;
    const answered = requests[index]!().then(
      (response) => answers.push({ status: response.status, kind: tag[index]!.kind, response }),
      () => answers.push({ status: 0, kind: tag[index]!.kind }),
    );
    out.add(answered);
    void answered.then(() => out.delete(answered));
  }, 50);
  /** How many answers of each kind had `status`. */
  const count = (status: number) => Object.fromEntries(tag.map(({ kind }) => [kind, answers.filter((a) => a.kind === kind && a.status === status).length]));
  return { answers, count, stop: async () => { clearInterval(timer); await Promise.all([...out]); } };
}

describe.skipIf(!hasPostgres)('PostgreSQL going away under load (TEST_DATABASE_URL)', () => {
  let proxy: TcpProxy | undefined;
  let directUrl: string | undefined;
  afterAll(async () => {
    await proxy?.close();
    await dropDatabase(directUrl);
  });

  it('keeps the node up, answers 503 + Retry-After (never 500) and not ready while cut off, and serves again by itself once restored', async () => {
    directUrl = await freshDatabaseUrl();
    const direct = new URL(directUrl!);
    proxy = await startTcpProxy(direct.hostname, Number(direct.port || 5432));
    const throughProxy = new URL(directUrl!);
    throughProxy.port = String(proxy.port);
    const server = await startServer({ databaseUrl: throughProxy.toString(), env: { SEED_DEMO: '0' } });
    try {
      // Rows are written straight to the database, not through the proxy the test cuts.
      const f = factories({ ...server, databaseUrl: directUrl });
      const event = await f.newEvent();
      const poll = await f.newPoll(event.id, { type: 0, alternatives: [{ text: 'Yes' }, { text: 'No' }] });
      const attendee = await newAttendee(f, event.id);
      await f.db.close();
      const vote = () => call(server, `/api/liveEvent/${event.id}/liveStorePollAnswer`, {
        host: event.host, method: 'POST', headers: { ...attendee.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ PollID: poll.id, QuestionType: 0, Alternatives: [poll.alternatives[0]] }),
      });
      const read = () => call(server, `/api/liveEvent/${event.id}/getOwnUserInfoFromSession`, { host: event.host, headers: attendee.auth });
      const page = () => call(server, '/stage', { host: event.host, headers: { accept: 'text/html', cookie: `ep_session=${attendee.token}` } });
      const requests = [vote, read, page];
      const kinds = [{ kind: 'vote' }, { kind: 'read' }, { kind: 'page' }];
      expect((await vote()).status).toBe(200);
      expect((await read()).status).toBe(200);
      expect((await page()).status).toBe(200);

      const traffic = load(requests, kinds);
      // The cut meets running traffic: every kind of call has been answered once already.
      await vi.waitFor(() => expect(Object.values(traffic.count(200)).every((n) => n > 0)).toBe(true), { timeout: 10_000 });
      proxy.cut();
      await until(async () => (await call(server, '/readyz')).status === 503, 5000);
      const notReady = (await call(server, '/readyz')).json<{ ok: boolean; database: boolean }>();
      expect(notReady).toMatchObject({ ok: false, database: false });
      // Down for a while, as a restart takes: the traffic meets the outage many times over, twenty
      // calls of each kind (three seconds at least), and every call keeps getting a clean answer.
      await vi.waitFor(() => expect(Object.values(traffic.count(503)).every((n) => n >= 20)).toBe(true), { timeout: 20_000, interval: 100 });
      expect((await call(server, '/healthz')).status).toBe(200);
      const whileDown = await Promise.all(requests.map((request) => request()));
      for (const answer of whileDown) {
        expect(answer.status).toBe(503);
        expect(answer.headers['retry-after']).toBe('5');
      }
      expect(whileDown[0]!.json()).toMatchObject({ error: 'database.unavailable', retryAfter: 5 });
      expect(whileDown[1]!.json()).toMatchObject({ error: 'database.unavailable' });
      expect(whileDown[2]!.headers['content-type']).toMatch(/^text\/html/);
      expect(whileDown[2]!.body).toContain('The event is briefly unavailable');
      // A realtime client is refused cleanly too, and reconnects later.
      expect(await upgradeStatus(server, event.host)).toBe(503);

      proxy.restore();
      const restoredAt = Date.now();
      await until(async () => (await call(server, '/readyz')).status === 200, 10_000);
      expect(Date.now() - restoredAt).toBeLessThan(10_000);
      // Ready means serving: the next vote is stored (the time allows for a machine shared with other tests).
      await until(async () => (await vote()).status === 200, 10_000);
      // The traffic is served again too: its last three answers are 200.
      await vi.waitFor(() => expect(traffic.answers.slice(-3).map((a) => a.status)).toEqual([200, 200, 200]), { timeout: 10_000, interval: 50 });
      await traffic.stop();

      const statuses = new Set(traffic.answers.map((a) => a.status));
      expect(traffic.answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
      expect(statuses.has(503)).toBe(true);
      expect(traffic.answers.filter((a) => a.status === 0)).toEqual([]);
      for (const answer of traffic.answers.filter((a) => a.status === 503)) expect(answer.response!.headers['retry-after']).toBeDefined();
      // The last answers, after the restore, are served again.
      expect(traffic.answers.slice(-3).map((a) => a.status)).toEqual([200, 200, 200]);
      expect(server.logs.some((line) => line.includes('database unreachable'))).toBe(true);
      expect(server.logs.filter((line) => line.includes('"level":"error"') && !line.includes('database unreachable'))).toEqual([]);
    } finally {
      const code = await server.stop();
      expect(code).toBe(0);
    }
  }, 60_000);
});
