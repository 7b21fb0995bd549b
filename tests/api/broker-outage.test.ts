import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeEvents, ServerFrame } from '~/contracts/realtime';
import type { TimelineItem } from '~/contracts/timeline';
import { featuresOn, newAttendee, type Attendee } from './attendee-factory';
import { factories, type Factories } from './factories';
import { call, dropDatabase, freshDatabaseUrl, startServer, type TestServer } from './harness';
import { connect, within, type Client } from './realtime-helpers';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';
import { timelineCalls } from './timeline-helpers';

// Needs a real Redis (CI sets TEST_REDIS_URL); the nodes reach it through a proxy this test cuts.
const REDIS_URL = process.env['TEST_REDIS_URL'];
// The participant list is on: presence is read through users/online, which the list's flags gate.
const FEATURES = featuresOn('stageTabTimeline', 'stageFuncTimelinePosting', 'webAppTimeline', 'stageTabParticipants');
// Presence entries live 1.5 s without renewal: the outage lasts until every one of them expired.
const PRESENCE_ENV = { PRESENCE_GRACE_MS: '1000', PRESENCE_REFRESH_MS: '500', PRESENCE_COALESCE_MS: '50' };

type Change = RealtimeEvents['online-users-change'];
const isEvent = (name: string) => (frame: ServerFrame): frame is Extract<ServerFrame, { type: 'event' }> => frame.type === 'event' && frame.name === name;
const offlineIn = (client: Client) => client.frames.filter(isEvent('online-users-change')).flatMap((frame) => (frame.data as Change).offline);
const wentOnline = (id: number) => (frame: ServerFrame) => isEvent('online-users-change')(frame) && (frame.data as Change).online.includes(id);
const wentOffline = (id: number) => (frame: ServerFrame) => isEvent('online-users-change')(frame) && (frame.data as Change).offline.includes(id);
const addedIds = (client: Client) => client.frames.filter(isEvent('timeline-add')).map((frame) => (frame.data as RealtimeEvents['timeline-add']).timelineId);

describe.skipIf(!REDIS_URL)('two nodes when Redis goes away and comes back', () => {
  let proxy: TcpProxy;
  let nodeA: TestServer;
  let nodeB: TestServer;
  let databaseUrl: string | undefined;
  let f: Factories;
  let event: { id: number; host: string };
  let poster: Attendee;
  let reader: Attendee;
  let prefix: string;
  /** Redis itself, not through the proxy: what the nodes left there while they cannot reach it. */
  let redis: Redis;
  const dataDir = mkdtempSync(join(tmpdir(), 'ep-broker-outage-'));

  beforeAll(async () => {
    const url = new URL(REDIS_URL!);
    proxy = await startTcpProxy(url.hostname, Number(url.port || 6379));
    redis = new Redis(REDIS_URL!, { lazyConnect: true });
    databaseUrl = await freshDatabaseUrl();
    prefix = `ep-test-outage-${process.pid}-${Date.now()}:`;
    const env = {
      SEED_DEMO: '0', ...PRESENCE_ENV,
      REDIS_URL: `redis://127.0.0.1:${proxy.port}${url.pathname}`, REDIS_PREFIX: prefix,
    };
    const shared = { env, dataDir, ...(databaseUrl ? { databaseUrl } : {}) };
    nodeA = await startServer(shared);
    nodeB = await startServer(shared);
    f = factories(nodeA);
    event = await f.newEvent({ features: FEATURES });
    [poster, reader] = [await newAttendee(f, event.id), await newAttendee(f, event.id)];
  });

  const onlineOn = async (node: TestServer) =>
    (await call(node, `/api/liveEvent/${event.id}/users/online`, { host: event.host, headers: poster.auth })).json<{ online: number[] }>().online;
  const bothOnline = (node: TestServer) =>
    expect.poll(() => onlineOn(node), { timeout: 5000, interval: 100 }).toEqual(expect.arrayContaining([poster.id, reader.id]));
  const readiness = async (node: TestServer) => (await call(node, '/readyz')).json<{ ok: boolean; broker: boolean }>();
  /** The node knows its broker connection is gone (readyz says so). */
  const brokerAway = (node: TestServer) => expect.poll(() => readiness(node), { timeout: 5000, interval: 50 }).toMatchObject({ ok: false, broker: false });
  const brokerBack = (node: TestServer) => expect.poll(() => readiness(node), { timeout: 5000, interval: 100 }).toMatchObject({ ok: true, broker: true });
  /** Users whose presence entry in Redis is still alive (the nodes cannot renew them while cut off). */
  const livePresence = async () => (await redis.zrangebyscore(`${prefix}presence:${event.id}`, Date.now(), '+inf')).length;

  afterAll(async () => {
    proxy?.restore();
    redis?.disconnect();
    await f?.close();
    await nodeA?.stop();
    await nodeB?.stop();
    await proxy?.close();
    await dropDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores each post once and answers it as stored, reaches the other node\'s screens after the broker returns, and flaps nobody offline', async () => {
    const onA = await connect(nodeA, event.host, { token: poster.token });
    const onB = await connect(nodeB, event.host, { token: reader.token });
    await bothOnline(nodeA);
    await bothOnline(nodeB);
    const timelineA = timelineCalls(nodeA, event);
    const timelineB = timelineCalls(nodeB, event);
    // Node B keeps the timeline it answered (its read model), which only a change message would drop.
    expect((await timelineB.get(reader, 'getAllTimelineItems')).status).toBe(200);

    proxy.cut();
    await brokerAway(nodeA);
    await brokerAway(nodeB);
    const posted: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = Date.now();
      const res = await timelineA.post(poster, { message: `during the outage ${i}` });
      expect(res.status).toBe(201);
      // Answered without waiting on Redis; the bound leaves room for a loaded CI machine.
      expect(Date.now() - started).toBeLessThan(3000);
      posted.push(res.json<TimelineItem>().TimelineID);
    }
    // The outage lasts until every presence entry expired, as in a long one: nobody is shared any more.
    await expect.poll(livePresence, { timeout: 10_000, interval: 100 }).toBe(0);
    const framesBefore = onB.frames.length;
    proxy.restore();

    // No post of the gap reached B's socket late from a queue; B's socket is told to catch up instead.
    await onB.next((frame) => frame.type === 'resync', 10_000);
    expect(onB.frames.findIndex((frame) => frame.type === 'resync')).toBeGreaterThanOrEqual(framesBefore);
    expect(addedIds(onB).filter((id) => posted.includes(id))).toEqual([]);
    // What B's screen refetches then holds every post, each once: B dropped what it kept.
    const afterOnB = (await timelineB.get(reader, 'getAllTimelineItems')).json<TimelineItem[]>();
    expect(posted.map((id) => afterOnB.filter((item) => item.TimelineID === id).length)).toEqual(posted.map(() => 1));

    // A post once both nodes are back on the broker reaches B's socket as it happens.
    await brokerBack(nodeA);
    await brokerBack(nodeB);
    const after = (await timelineA.post(poster, { message: 'after the outage' })).json<TimelineItem>();
    await onB.next((frame) => isEvent('timeline-add')(frame) && addedIds(onB).includes(after.TimelineID), 5000);

    // Someone who leaves now is shown offline on each node only by a reload after its quiet round,
    // when whoever was lost in the gap would go offline too: neither attendee ever was.
    const leaver = await newAttendee(f, event.id);
    const onLeaver = await connect(nodeA, event.host, { token: leaver.token });
    for (const socket of [onA, onB]) await socket.next(wentOnline(leaver.id));
    onLeaver.ws.close();
    for (const socket of [onA, onB]) await socket.next(wentOffline(leaver.id), 15_000);
    expect(offlineIn(onA)).not.toContain(reader.id);
    expect(offlineIn(onB)).not.toContain(poster.id);
    for (const node of [nodeA, nodeB]) expect(await onlineOn(node)).toEqual(expect.arrayContaining([poster.id, reader.id]));
    // An outage of the broker is logged as warnings (docs/operations.md "Faults"): an error line pages someone for nothing.
    for (const node of [nodeA, nodeB]) expect(node.logs.filter((line) => line.includes('"level":"error"'))).toEqual([]);
    onA.ws.close();
    onB.ws.close();
  });

  it('closes a session logged out while Redis is away: at once on its own node, on the other once the broker is back', async () => {
    const leaver = await newAttendee(f, event.id);
    const onA = await connect(nodeA, event.host, { token: leaver.token });
    const onB = await connect(nodeB, event.host, { token: leaver.token });
    proxy.cut();
    await brokerAway(nodeA);
    await brokerAway(nodeB);
    const logout = await call(nodeA, '/connect/logout', { method: 'POST', host: event.host, headers: leaver.auth });
    expect(logout.status).toBe(204);
    // A shed socket gets its close frame at once and is cut off within 2 s.
    expect((await within(onA.closed, 3000, 'the logged-out socket on node A closing')).code).toBe(4001);
    expect(onB.ws.readyState).toBe(onB.ws.OPEN);
    proxy.restore();
    expect((await within(onB.closed, 8000, 'the logged-out socket on node B closing after the broker returned')).code).toBe(4001);
  });
});
