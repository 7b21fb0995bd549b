import { afterAll, describe, expect, it } from 'vitest';
import { newAttendee } from './attendee-factory';
import { factories } from './factories';
import { call, dropDatabase, freshDatabaseUrl, startServer, type HttpResponse } from './harness';
import { until } from './ops-helpers';
import { sleep, upgradeStatus } from './realtime-helpers';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

const hasPostgres = Boolean(process.env['TEST_DATABASE_URL']);

interface Answer { status: number; kind: string; response?: HttpResponse }

/**
 * A steady stream of the calls attendees make (a vote, a signed-in read on the lean path, a
 * page), about 20 a second, recording every answer until stopped.
 */
function load(requests: (() => Promise<HttpResponse>)[], tag: { kind: string }[]) {
  const answers: Answer[] = [];
  let isRunning = true;
  const loop = (async () => {
    for (let i = 0; isRunning; i += 1) {
      const index = i % requests.length;
      void requests[index]!().then(
        (response) => answers.push({ status: response.status, kind: tag[index]!.kind, response }),
        () => answers.push({ status: 0, kind: tag[index]!.kind }),
      );
      await sleep(50);
    }
  })();
  return { answers, stop: async () => { isRunning = false; await loop; await sleep(200); } };
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
      await sleep(500);
      proxy.cut();
      const cutAt = Date.now();
      await until(async () => (await call(server, '/readyz')).status === 503, 5000);
      const notReady = (await call(server, '/readyz')).json<{ ok: boolean; database: boolean }>();
      expect(notReady).toMatchObject({ ok: false, database: false });
      // Down for a while, as a restart takes: every call keeps getting a clean answer.
      await sleep(Math.max(0, 3000 - (Date.now() - cutAt)));
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
      await sleep(500);
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
