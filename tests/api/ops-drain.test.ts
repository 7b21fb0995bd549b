import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REALTIME_CLOSE } from '~/contracts/realtime';
import { newAttendee } from './attendee-factory';
import { factories } from './factories';
import { call, dropDatabase, freshDatabaseUrl, startServer } from './harness';
import { holdRequest, until } from './ops-helpers';
import { parsePrometheusText, sampleValue } from './prometheus-text';
import { connect } from './realtime-helpers';
import { address, register, signUp } from './registration-helpers';

describe('graceful drain on SIGTERM', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ep-drain-'));
  let databaseUrl: string | undefined;
  afterAll(async () => {
    await dropDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the request in flight, sends sockets elsewhere (4002), refuses new connections, keeps every acknowledged vote, exits 0', async () => {
    databaseUrl = await freshDatabaseUrl();
    const server = await startServer({ env: { SEED_DEMO: '0', SHUTDOWN_GRACE_MS: '10000' }, dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
    const f = factories(server);
    try {
      const event = await f.newEvent();
      const poll = await f.newPoll(event.id, { type: 0, alternatives: [{ text: 'Yes' }, { text: 'No' }] });
      const [early, late] = [await newAttendee(f, event.id), await newAttendee(f, event.id)];
      const path = `/api/liveEvent/${event.id}/liveStorePollAnswer`;
      const body = JSON.stringify({ PollID: poll.id, QuestionType: 0, Alternatives: [poll.alternatives[0]] });

      const socket = await connect(server, event.host);
      const held = holdRequest(server, path, { host: event.host, headers: late.auth, body });
      // Its body half sent: admitted and receiving (counted in flight once the body has arrived), which the drain waits for too.
      await until(async () => (sampleValue(parsePrometheusText((await call(server, '/metrics')).body), 'ep_http_receiving') ?? 0) >= 1);
      // Acknowledged right before the signal: on SQLite it went through a group commit.
      const acked = await call(server, path, { host: event.host, method: 'POST', headers: { ...early.auth, 'content-type': 'application/json' }, body });
      expect(acked.status).toBe(200);

      const exited = server.stop('SIGTERM');
      const closed = await socket.closed;
      expect(closed.code).toBe(REALTIME_CLOSE.reconnectNow);
      // The listener is closed: a new connection is refused (a load balancer moves on).
      await expect(call(server, '/healthz')).rejects.toThrow(/ECONNREFUSED/);
      // The request in flight still completes, with its vote stored.
      const finished = await held.finish();
      expect(finished.status).toBe(200);
      expect(finished.headers['connection']).toBe('close');
      expect(await exited).toBe(0);
      expect(server.logs.some((line) => line.includes('"message":"stopped"'))).toBe(true);

      const rows = await f.db.kysely.selectFrom('poll_answers').select('user_id').where('poll_id', '=', poll.id).execute();
      expect(rows.map((r) => Number(r.user_id)).sort((a, b) => a - b)).toEqual([early.id, late.id].sort((a, b) => a - b));
      const stripes = await f.db.kysely.selectFrom('poll_alternative_count_stripes').select('count').where('alternative_id', '=', poll.alternatives[0]!).execute();
      expect(stripes.reduce((sum, row) => sum + Number(row.count), 0)).toBe(2);
    } finally {
      await f.close();
      await server.stop();
    }
  }, 30_000);

  it('serves on and still drains and exits 0 on SIGTERM when the pipe its log goes to has closed', async () => {
    const server = await startServer({ env: { SEED_DEMO: '0', LOG_LEVEL: 'info' } });
    const f = factories(server);
    try {
      const event = await f.newEvent({ is_registration_open: true });
      server.closeLogs();
      // A filled honeypot is logged at info and answered as usual: the log write fails (EPIPE).
      const spam = await register(server, event, signUp(address(), { website: 'https://spam.example' }));
      expect(spam.status).toBe(202);
      // A log that cannot be written is no lost database: the node stays ready.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await call(server, '/readyz')).status).toBe(200);
      expect((await call(server, `/api/liveEvent/${event.id}/liveGetIframeAgendaInfo`, { host: event.host })).status).toBe(200);
      // The drain logs "stopping" first; before, that write's failure spun the node and it never exited.
      const stillRunning = new Promise((resolve) => setTimeout(() => resolve('still running after 10 s'), 10_000));
      expect(await Promise.race([server.stop('SIGTERM'), stillRunning])).toBe(0);
    } finally {
      await f.close();
      await server.stop('SIGKILL');
    }
  }, 30_000);
});
