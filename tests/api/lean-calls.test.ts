import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventFile, importEvent, type EventFile } from './admin-import';
import { call, dropDatabase, freshDatabaseUrl, startServer, type HttpResponse, type TestServer } from './harness';
import { accessToken, bearer } from './login-helpers';

// See docs/request-path.md "The lean path": server.mjs answers the signed-in JSON GETs of the
// lean table itself, with the same guards and handlers as Astro. Two nodes share one database, one
// with the lean path and one without (LEAN_CALLS=0): every answer must be the same but for framing.
const ADMIN_TOKEN = 'test-admin-token-lean-calls';
const HOST = 'smallconf.localhost';
const OTHER_HOST = 'otherconf.localhost';

/** The small event with its timeline and participant list on, so those calls answer 200. */
const small = (): EventFile => {
  const file = eventFile('small.event.json');
  return { ...file, features: { ...file['features'], stageTabTimeline: true, stageTabParticipants: true, stageChatEnabled: true, stageTabAgenda: true, stageTabInfoPages: true, stageTabDocuments: true } };
};
/** The same event under another slug, without what must be unique across events (poll keys, ticket codes). */
const other = (): EventFile => {
  const file: EventFile = { ...small(), slug: 'otherconf', polls: [] };
  file['users'] = file['users'].map(({ ticketCode: _, ...user }: EventFile) => user);
  return file;
};

const get = (server: TestServer, path: string, headers: Record<string, string> = {}, host = HOST) => call(server, path, { host, headers });

/** What must be equal: status, every header but the date and the framing (one piece here, chunked through Astro), the body's bytes. */
function comparable(answer: HttpResponse, port: number) {
  const { date: _d, 'content-length': _l, 'transfer-encoding': _t, ...headers } = answer.headers;
  const body = answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.bytes) : answer.bytes;
  return { status: answer.status, headers, body: body.toString('utf8').replaceAll(String(port), 'PORT') };
}

describe('the lean path for signed-in calls', () => {
  let lean: TestServer;
  let astro: TestServer;
  let databaseUrl: string | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'ep-lean-calls-'));
  let eventId: number;
  let otherEventId: number;
  let ada: string;
  let stranger: string;

  /** Asks both nodes; the lean node's answer when it equals Astro's. */
  async function sameOnBoth(path: string, headers: Record<string, string> = {}, host = HOST): Promise<HttpResponse> {
    const [fromLean, fromAstro] = [await get(lean, path, headers, host), await get(astro, path, headers, host)];
    expect(comparable(fromLean, lean.port), path).toEqual(comparable(fromAstro, astro.port));
    return fromLean;
  }

  beforeAll(async () => {
    databaseUrl = await freshDatabaseUrl();
    const shared = { dataDir, ...(databaseUrl ? { databaseUrl } : {}) };
    lean = await startServer({ ...shared, env: { SEED_DEMO: '0', ADMIN_TOKEN } });
    astro = await startServer({ ...shared, env: { SEED_DEMO: '0', ADMIN_TOKEN, LEAN_CALLS: '0' } });
    eventId = await importEvent(lean, ADMIN_TOKEN, small());
    otherEventId = await importEvent(lean, ADMIN_TOKEN, other());
    const [first] = small()['users'];
    ada = await accessToken(lean, HOST, String(eventId), first.email, first.password);
    stranger = await accessToken(lean, OTHER_HOST, String(otherEventId), first.email, first.password);
  });
  afterAll(async () => {
    await lean?.stop();
    await astro?.stop();
    await dropDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every call on the table as Astro does, in one piece with its Content-Length', async () => {
    const calls = [
      'liveGetAgendaInfo', 'liveGetAgendaInfo?search=a', 'liveGetAgendaInfo/bookedSessions', 'getAllTimelineItems?platform=digital',
      'getAllTimelineItems/1', 'getPromotedTimelineItems?platform=digital', 'getOwnUserInfoFromSession', 'users', 'users?page=1&size=2&search=a',
      'users/count', 'users/online', 'chat', 'user/groups', 'liveGetSpeakerInfo', 'getInfoPages?platform=digital', 'categories', 'getAllDocuments',
    ].map((call) => `/api/liveEvent/${eventId}/${call}`);
    for (const path of [...calls, '/api/liveEvent/getEventInfo', '/healthz', '/readyz']) {
      const answer = await sameOnBoth(path, bearer(ada));
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-length'], path).toBe(String(answer.bytes.length));
    }
  });

  it('answers the health probes without a session or an event\'s host, as Astro does', async () => {
    for (const host of [HOST, '127.0.0.1', 'nosuchevent.localhost']) {
      expect((await sameOnBoth('/healthz', {}, host)).json()).toEqual({ ok: true });
      expect((await sameOnBoth('/readyz', {}, host)).json()).toMatchObject({ ok: true, database: true, draining: false });
    }
  });

  it('gzips a large answer for a client that accepts it, as through Astro', async () => {
    const answer = await sameOnBoth(`/api/liveEvent/${eventId}/liveGetAgendaInfo`, { ...bearer(ada), 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
  });

  it('refuses as Astro does: no token, a bad one, another event\'s, a garbled cookie (cleared)', async () => {
    const path = `/api/liveEvent/${eventId}/user/groups`;
    expect((await sameOnBoth(path)).status).toBe(401);
    expect((await sameOnBoth(path, bearer('not-a-token'))).status).toBe(401);
    expect((await sameOnBoth(path, bearer(stranger))).status).toBe(401);
    const garbled = await sameOnBoth(path, { cookie: 'ep_session=%E0%A4%A' });
    expect(garbled.status).toBe(401);
    const cleared = await sameOnBoth(path, { cookie: 'ep_session=not-a-session' });
    expect(cleared.headers['set-cookie']?.[0]).toMatch(/^ep_session=/);
    expect((await sameOnBoth(path, { cookie: `ep_session=${ada}` })).status).toBe(200);
  });

  it('refuses a logged-out session at once', async () => {
    const [, second] = small()['users'];
    const leaving = await accessToken(lean, HOST, String(eventId), second.email, second.password);
    const path = `/api/liveEvent/${eventId}/getOwnUserInfoFromSession`;
    expect((await get(lean, path, bearer(leaving))).status).toBe(200);
    const logout = (await call(lean, '/connect/logout', { method: 'POST', host: HOST, headers: bearer(leaving) })).status;
    expect(logout).toBe(204);
    expect((await sameOnBoth(path, bearer(leaving))).status).toBe(401);
  });

  it('answers a path naming another event 403, an unknown one 404, a bad query 400 naming the field, as Astro does', async () => {
    expect((await sameOnBoth(`/api/liveEvent/${otherEventId}/users`, bearer(ada))).status).toBe(403);
    expect((await sameOnBoth('/api/liveEvent/999999/users', bearer(ada))).status).toBe(404);
    const badQuery = await sameOnBoth(`/api/liveEvent/${eventId}/users?page=x`, bearer(ada));
    expect(badQuery.status).toBe(400);
    expect(badQuery.json()).toMatchObject({ error: 'request.invalid', field: 'page' });
    expect((await sameOnBoth(`/api/liveEvent/${eventId}/getAllTimelineItems/0`, bearer(ada))).status).toBe(400);
    expect((await sameOnBoth(`/api/liveEvent/${eventId}/getPromotedTimelineItems?platform=tv`, bearer(ada))).status).toBe(400);
    expect((await sameOnBoth('/api/liveEvent/1/users', bearer(ada), 'nosuchevent.localhost')).status).toBe(404);
  });

  it('leaves to Astro what its table does not take: a trailing slash, an escaped path, a route a static segment outranks', async () => {
    for (const path of [`/api/liveEvent/${eventId}/users/`, `/api/liveEvent/${[...String(eventId)].map((digit) => `%3${digit}`).join('')}/users`, '/api/liveEvent/publicEventInfo/users']) {
      await sameOnBoth(path, bearer(ada));
    }
  });

  it('labels its requests in /metrics with the route pattern, as Astro does', async () => {
    await get(lean, `/api/liveEvent/${eventId}/users/online`, bearer(ada));
    const { body: metrics } = await get(lean, '/metrics');
    expect(metrics).toMatch(/ep_http_requests_total\{route="\/api\/liveEvent\/\[eventId\]\/users\/online",method="GET",status="200"\} [1-9]/);
  });
});
