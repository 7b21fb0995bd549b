import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeEvents, ServerFrame } from '~/contracts/realtime';
import { newAttendee, type Attendee } from './attendee-factory';
import { fixture } from './event-file-cli';
import { factories, type Factories } from './factories';
import { call, dropDatabase, freshDatabaseUrl, startServer, type TestServer } from './harness';
import { connect, socketsOn, type Client } from './realtime-helpers';

type Change = RealtimeEvents['online-users-change'];
const GRACE_MS = 600;
const ADMIN_TOKEN = 'test-admin-token-presence';
// Short grace and coalescing so the test sees offline quickly; production defaults are 30 s and 1 s.
// The admin token asks a node how many sockets it holds (the realtime probe).
const PRESENCE_ENV = { SEED_DEMO: '0', ADMIN_TOKEN, PRESENCE_GRACE_MS: String(GRACE_MS), PRESENCE_COALESCE_MS: '50', PRESENCE_REFRESH_MS: '300' };

const changes = (client: Client): Change[] => client.frames
  .filter((f): f is Extract<ServerFrame, { type: 'event' }> => f.type === 'event' && f.name === 'online-users-change')
  .map((f) => f.data as Change);
const wentOnline = (id: number) => (f: ServerFrame) => f.type === 'event' && f.name === 'online-users-change' && (f.data as Change).online.includes(id);
const wentOffline = (id: number) => (f: ServerFrame) => f.type === 'event' && f.name === 'online-users-change' && (f.data as Change).offline.includes(id);
const mentions = (client: Client, id: number) => changes(client).some((c) => c.online.includes(id) || c.offline.includes(id));
/** Waits until the node holds `count` sockets of the event: a socket closed by the client is then gone on the server too, and its grace runs. */
const holds = (server: TestServer, slug: string, count: number) =>
  expect.poll(() => socketsOn(server, slug, ADMIN_TOKEN), { timeout: 5000, interval: 25 }).toBe(count);

describe('presence over real sockets (one node)', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };
  let a: Attendee;
  let b: Attendee;

  beforeAll(async () => {
    server = await startServer({ env: PRESENCE_ENV });
    f = factories(server);
    event = await f.newEvent();
    [a, b] = [await newAttendee(f, event.id), await newAttendee(f, event.id)];
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  it('shows B online to A when B connects, and offline only after the grace period once B closed', async () => {
    const onA = await connect(server, event.host, { token: a.token });
    const visitor = await connect(server, event.host);
    const onB = await connect(server, event.host, { token: b.token });
    await onA.next(wentOnline(b.id));
    const closedAt = Date.now();
    onB.ws.close();
    await onA.next(wentOffline(b.id), GRACE_MS + 3000);
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(GRACE_MS - 50);
    // Attendee ids never reach a visitor without a session.
    expect(changes(visitor)).toEqual([]);
    onA.ws.close();
    visitor.ws.close();
  });

  it('does not flap when B reconnects within the grace period', async () => {
    const c = await newAttendee(f, event.id);
    const onA = await connect(server, event.host, { token: a.token });
    const first = await connect(server, event.host, { token: b.token });
    const onC = await connect(server, event.host, { token: c.token });
    await onA.next(wentOnline(b.id));
    await onA.next(wentOnline(c.id));
    const before = changes(onA).length;
    first.ws.close();
    await holds(server, event.slug, 2);
    // C leaves after B (B's grace runs first) and does not come back: the frame that takes C
    // offline comes from a reload after B's grace would have ended, and would name B too.
    onC.ws.close();
    const second = await connect(server, event.host, { token: b.token });
    await onA.next(wentOffline(c.id), GRACE_MS + 3000);
    expect(changes(onA).slice(before).filter((change) => change.offline.includes(b.id))).toEqual([]);
    second.ws.close();
    onA.ws.close();
  });

  it('never names a hidden attendee, and takes one who turns hidden off screens at once', async () => {
    const [hidden, c] = [await newAttendee(f, event.id), await newAttendee(f, event.id)];
    await f.db.kysely.updateTable('users').set({ is_hidden: true }).where('id', '=', hidden.id).execute();
    const onA = await connect(server, event.host, { token: a.token });
    const onHidden = await connect(server, event.host, { token: hidden.token });
    const onC = await connect(server, event.host, { token: c.token });
    await onA.next(wentOnline(c.id));
    const toggle = () => call(server, `/api/liveEvent/${event.id}/toggleUserVisibility`, { method: 'POST', host: event.host, headers: c.auth });
    expect((await toggle()).json()).toEqual({ Hidden: '1' });
    await onA.next(wentOffline(c.id), 2000);
    expect((await toggle()).json()).toEqual({ Hidden: '0' });
    await onA.next((frame) => wentOnline(c.id)(frame) && changes(onA).filter((change) => change.online.includes(c.id)).length === 2, 2000);
    onHidden.ws.close();
    await holds(server, event.slug, 2);
    // C leaves after the hidden attendee: once C is shown offline, the hidden one's grace is over too.
    onC.ws.close();
    await onA.next(wentOffline(c.id), GRACE_MS + 3000);
    expect(mentions(onA, hidden.id)).toBe(false);
    onA.ws.close();
  });
});

const REDIS_URL = process.env['TEST_REDIS_URL'];

describe.skipIf(!REDIS_URL)('presence across two nodes sharing Redis', () => {
  let nodeA: TestServer;
  let nodeB: TestServer;
  let f: Factories;
  let databaseUrl: string | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'ep-presence-'));

  beforeAll(async () => {
    databaseUrl = await freshDatabaseUrl();
    const env = { ...PRESENCE_ENV, REDIS_URL: REDIS_URL ?? '', REDIS_PREFIX: `ep-test-${process.pid}-${Date.now()}:` };
    const shared = { env, dataDir, ...(databaseUrl ? { databaseUrl } : {}) };
    nodeA = await startServer(shared);
    nodeB = await startServer(shared);
    f = factories(nodeA);
  });
  afterAll(async () => {
    await f?.close();
    await nodeA?.stop();
    await nodeB?.stop();
    await dropDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows A on node A that B connected on node B, and that B left after the grace', async () => {
    const event = await f.newEvent();
    const [a, b] = [await newAttendee(f, event.id), await newAttendee(f, event.id)];
    const onA = await connect(nodeA, event.host, { token: a.token });
    // A's own arrival is diffed against node A's first look at the event: node A follows it now.
    await onA.next(wentOnline(a.id));
    const onB = await connect(nodeB, event.host, { token: b.token });
    await onA.next(wentOnline(b.id));
    onB.ws.close();
    await onA.next(wentOffline(b.id), GRACE_MS + 3000);
    expect(changes(onA).filter((c) => c.online.includes(b.id))).toHaveLength(1);
    onA.ws.close();
  });

  it('does not flap when B moves from node B to node A within the grace', async () => {
    const event = await f.newEvent();
    const [a, b, c] = [await newAttendee(f, event.id), await newAttendee(f, event.id), await newAttendee(f, event.id)];
    const onA = await connect(nodeA, event.host, { token: a.token });
    await onA.next(wentOnline(a.id));
    const first = await connect(nodeB, event.host, { token: b.token });
    const onC = await connect(nodeB, event.host, { token: c.token });
    await onA.next(wentOnline(b.id));
    await onA.next(wentOnline(c.id));
    first.ws.close();
    await holds(nodeB, event.slug, 1);
    // C leaves node B after B and does not come back: node B takes C out of Redis after B (one
    // connection, in order), so the reload that shows C offline on node A would show B too.
    onC.ws.close();
    const second = await connect(nodeA, event.host, { token: b.token });
    await onA.next(wentOffline(c.id), GRACE_MS + 3000);
    expect(changes(onA).filter((change) => change.offline.includes(b.id))).toEqual([]);
    second.ws.close();
    onA.ws.close();
  });
});

describe('publicGroups-change', () => {
  const TOKEN = 'test-admin-token-groups-0123';
  let server: TestServer;
  beforeAll(async () => { server = await startServer({ env: { SEED_DEMO: '0', ADMIN_TOKEN: TOKEN } }); });
  afterAll(async () => { await server?.stop(); });

  it('reaches the event\'s sockets when an import may have changed its groups', async () => {
    const file = readFileSync(fixture('small.event.json'), 'utf8');
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` };
    const imported = await call(server, '/api/admin/events/import', { method: 'POST', host: 'localhost', headers, body: file });
    expect(imported.status).toBe(200);
    // publicGroups is a members' call, so its change goes to members' sockets (docs/realtime.md).
    const f = factories(server);
    const member = await newAttendee(f, imported.json<{ eventId: number }>().eventId);
    await f.close();
    const socket = await connect(server, 'smallconf.localhost', { token: member.token });
    expect((await call(server, '/api/admin/events/import', { method: 'POST', host: 'localhost', headers, body: file })).status).toBe(200);
    await socket.next((frame) => frame.type === 'event' && frame.name === 'publicGroups-change');
    socket.ws.close();
  });
});
