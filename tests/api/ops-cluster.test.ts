import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { newAttendee, type Attendee } from './attendee-factory';
import { factories } from './factories';
import { call, dropDatabase, freshDatabaseUrl, startServer, type TestServer } from './harness';
import { parsePrometheusText, sampleValue } from './prometheus-text';

// Several nodes share PostgreSQL and Redis: CI's run on PostgreSQL (TEST_DATABASE_URL) with TEST_REDIS_URL.
const REDIS_URL = process.env['TEST_REDIS_URL'];
const PG = process.env['TEST_DATABASE_URL'];

describe.skipIf(!REDIS_URL || !PG)('two nodes on PostgreSQL and Redis', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  async function cluster(env: Record<string, string>, together: boolean): Promise<{ nodes: TestServer[]; databaseUrl: string }> {
    // Nodes starting together meet an empty database: both run the migrations at once.
    const databaseUrl = (await freshDatabaseUrl({ isEmpty: together }))!;
    const dataDir = mkdtempSync(join(tmpdir(), 'ep-cluster-'));
    const shared = { env: { REDIS_URL: REDIS_URL!, REDIS_PREFIX: `ep-test-${process.pid}-${Date.now()}:`, ...env }, databaseUrl, dataDir };
    const nodes: TestServer[] = [];
    cleanups.push(async () => {
      for (const node of nodes) await node.stop();
      await dropDatabase(databaseUrl);
      rmSync(dataDir, { recursive: true, force: true });
    });
    const starts = together ? [startServer(shared), startServer(shared)] : [];
    if (!together) for (let i = 0; i < 2; i++) nodes.push(await startServer(shared));
    // A node that did start is stopped by the cleanup even when the other one failed to.
    const settled = await Promise.allSettled(starts);
    for (const result of settled) if (result.status === 'fulfilled') nodes.push(result.value);
    const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
    return { nodes, databaseUrl };
  }

  it('start together on an empty database: one seeds the demo, neither logs an error, both are ready', async () => {
    const { nodes } = await cluster({}, true);
    const f = factories(nodes[0]!);
    try {
      const events = await f.db.kysely.selectFrom('events').select('slug').execute();
      expect(events.map((e) => e.slug)).toEqual(['demo']);
    } finally {
      await f.close();
    }
    const lines = nodes.flatMap((node) => node.logs);
    expect(lines.filter((line) => line.includes('"level":"error"'))).toEqual([]);
    expect(lines.filter((line) => line.includes('"message":"demo event seeded"'))).toHaveLength(1);
    for (const node of nodes) {
      const ready = await call(node, '/readyz');
      expect(ready.status).toBe(200);
      expect(ready.json()).toEqual({ ok: true, migrations: true, database: true, storage: true, broker: true, draining: false, inFlight: 1, receiving: 0, shedding: false });
      const metrics = parsePrometheusText((await call(node, '/metrics')).body);
      expect(sampleValue(metrics, 'ep_broker_connected')).toBe(1);
      // The node's own ping came back through Redis.
      expect(sampleValue(metrics, 'ep_broker_lag_seconds_count')).toBeGreaterThanOrEqual(1);
    }
  }, 60_000);

  it('a node killed (-9) mid-burst loses no acknowledged vote; retried votes land once on the survivor', async () => {
    const { nodes: [a, b] } = await cluster({ SEED_DEMO: '0' }, false);
    const f = factories(a!);
    try {
      const event = await f.newEvent();
      const poll = await f.newPoll(event.id, { type: 0, alternatives: [{ text: 'Yes' }, { text: 'No' }] });
      const crowd: Attendee[] = [];
      while (crowd.length < 240) crowd.push(...await Promise.all(Array.from({ length: 25 }, () => newAttendee(f, event.id))));
      const path = `/api/liveEvent/${event.id}/liveStorePollAnswer`;
      const vote = (node: TestServer, who: Attendee, index: number) => call(node, path, {
        host: event.host, method: 'POST', headers: { ...who.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ PollID: poll.id, QuestionType: 0, Alternatives: [poll.alternatives[index % 3 === 0 ? 1 : 0]] }),
      }).then((res) => res.status, () => 0);
      // Warm both nodes' vote route (its module loads on first use).
      await Promise.all([vote(a!, crowd[0]!, 0), vote(b!, crowd[1]!, 1)]);

      const acked = new Set<number>([crowd[0]!.id, crowd[1]!.id]);
      let ackedByB = 0;
      const failedOnB: number[] = [];
      const sends: Promise<void>[] = [];
      const send = (i: number) => {
        const toB = i % 2 === 1;
        sends.push(vote(toB ? b! : a!, crowd[i]!, i).then((status) => {
          if (status === 200) {
            acked.add(crowd[i]!.id);
            if (toB) ackedByB += 1;
          } else if (toB) failedOnB.push(i);
          else throw new Error(`node A answered ${status}`);
        }));
      };
      // 238 votes, half to each node. The first third goes out at once; B dies once it has
      // acknowledged some of them (more of its share may still be in flight), then the rest follow.
      for (let i = 2; i < 80; i++) send(i);
      await vi.waitFor(() => expect(ackedByB).toBeGreaterThanOrEqual(5), { timeout: 20_000, interval: 5 });
      process.kill(b!.pid, 'SIGKILL');
      for (let i = 80; i < crowd.length; i++) send(i);
      await Promise.all(sends);
      expect(failedOnB.length).toBeGreaterThan(0);
      // Every acknowledged vote is stored, each voter once, and the tallies agree with the rows.
      const storedIds = async () => (await f.db.kysely.selectFrom('poll_answers').select('user_id').where('poll_id', '=', poll.id).execute()).map((r) => Number(r.user_id));
      const before = await storedIds();
      expect(new Set(before).size).toBe(before.length);
      expect([...acked].filter((id) => !before.includes(id))).toEqual([]);

      // The clients of the dead node retry through the survivor (what nginx and the client do).
      const retried = await Promise.all(failedOnB.map((i) => vote(a!, crowd[i]!, i)));
      expect(retried.filter((status) => status !== 200)).toEqual([]);
      const after = await storedIds();
      expect(after).toHaveLength(crowd.length);
      expect(new Set(after).size).toBe(crowd.length);
      const counts = await f.db.kysely.selectFrom('poll_alternative_count_stripes').select('count').where('alternative_id', 'in', poll.alternatives).execute();
      expect(counts.reduce((sum, row) => sum + Number(row.count), 0)).toBe(crowd.length);
      const tally = await f.db.kysely.selectFrom('poll_tally_stripes').select('answer_count').where('poll_id', '=', poll.id).execute();
      expect(tally.reduce((sum, row) => sum + Number(row.answer_count), 0)).toBe(crowd.length);
    } finally {
      await f.close();
    }
  }, 90_000);
});
