import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { featuresOn, newAttendee } from './attendee-factory';
import { factories } from './factories';
import { call, dropDatabase, freshDatabaseUrl, startServer, type HttpResponse, type TestServer } from './harness';

const hasPostgres = Boolean(process.env['TEST_DATABASE_URL']);

// A table another transaction holds locked (docs/operations.md "Slow faults"): the calls that need
// it answer 503 within the lock deadline and store nothing, the calls that do not keep working,
// and the node stays ready; a pool whose connections are all taken answers `server.busy`.
describe.skipIf(!hasPostgres)('PostgreSQL with a locked table (TEST_DATABASE_URL)', () => {
  let url: string | undefined;
  let server: TestServer | undefined;
  let locker: pg.Client | undefined;
  afterAll(async () => {
    await locker?.end().catch(() => undefined);
    await server?.stop();
    await dropDatabase(url);
  });

  it('answers the calls that need the locked table 503 and stores nothing, while votes and readiness go on', async () => {
    url = await freshDatabaseUrl();
    server = await startServer({ databaseUrl: url!, env: { SEED_DEMO: '0', DATABASE_LOCK_TIMEOUT_MS: '1000', DATABASE_POOL_WAIT_MS: '500' } });
    const f = factories(server);
    const event = await f.newEvent({ features: featuresOn('stageTabTimeline', 'stageFuncTimelinePosting') });
    const poll = await f.newPoll(event.id, { type: 0, alternatives: [{ text: 'Yes' }, { text: 'No' }] });
    const attendees = await Promise.all(Array.from({ length: 6 }, () => newAttendee(f, event.id)));
    await f.db.close();
    const json = { 'content-type': 'application/json' };
    const boundary = 'slow-fault-boundary';
    const post = (i: number) => call(server!, `/api/liveEvent/${event.id}/addTimelineEntry`, {
      host: event.host, method: 'POST', headers: { ...attendees[i % attendees.length]!.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\npost ${i}\r\n--${boundary}--\r\n`,
    });
    const vote = (i: number) => call(server!, `/api/liveEvent/${event.id}/liveStorePollAnswer`, {
      host: event.host, method: 'POST', headers: { ...attendees[i]!.auth, ...json },
      body: JSON.stringify({ PollID: poll.id, QuestionType: 0, Alternatives: [poll.alternatives[0]] }),
    });

    locker = new pg.Client({ connectionString: url });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table timeline_items in access exclusive mode');

    // Four posts wait on the lock (four of the pool's ten connections); the votes take others.
    const posts = Promise.all([0, 1, 2, 3].map(post));
    const votes = await Promise.all([0, 1, 2, 3, 4, 5].map(vote));
    const ready = await call(server, '/readyz');
    const postAnswers = await posts;

    expect(votes.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(ready.status).toBe(200);
    for (const answer of postAnswers) {
      expect(answer.status, answer.body).toBe(503);
      expect(answer.json()).toMatchObject({ error: 'database.busy' });
      expect(answer.headers['retry-after']).toBe('1');
    }

    // Thirty at once: more than the pool holds. Those that get no connection in time are told the
    // server is busy, the others meet the lock; none is a 500, and readiness holds throughout.
    const burst: HttpResponse[] = await Promise.all(Array.from({ length: 30 }, (_, i) => post(i)));
    const codes = new Set(burst.map((answer) => `${answer.status} ${answer.json<{ error: string }>().error}`));
    expect([...codes].sort()).toEqual(['503 database.busy', '503 server.busy']);
    expect((await call(server, '/readyz')).status).toBe(200);

    await locker.query('rollback');
    const stored = await locker.query<{ count: string }>('select count(*) from timeline_items');
    expect(Number(stored.rows[0]!.count)).toBe(0);
    // The lock gone, a post is stored again.
    expect((await post(0)).status).toBeLessThan(300);
  }, 60_000);
});
