import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventFile, importEvent, type EventFile } from './admin-import';
import { call, dropDatabase, freshDatabaseUrl, startServer, type HttpResponse, type TestServer } from './harness';
import { accessToken, bearer } from './login-helpers';
import { translator } from '~/lib/i18n';

// The router's contract (docs/request-path.md): the signed-in calls the screens make answer as
// docs/product.md §7 says, with the same refusals in the same order (401 before 403/404/400), whatever the
// spelling of the path.
const ADMIN_TOKEN = 'test-admin-token-router';
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

/** The body's text, unzipped when it came gzipped. */
const textOf = (answer: HttpResponse) => (answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.bytes) : answer.bytes).toString('utf8');

describe('the router of calls', () => {
  let server: TestServer;
  let databaseUrl: string | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'ep-lean-calls-'));
  let eventId: number;
  let otherEventId: number;
  let ada: string;
  let stranger: string;


  beforeAll(async () => {
    databaseUrl = await freshDatabaseUrl();
    const shared = { dataDir, ...(databaseUrl ? { databaseUrl } : {}) };
    server = await startServer({ ...shared, env: { SEED_DEMO: '0', ADMIN_TOKEN } });
    eventId = await importEvent(server, ADMIN_TOKEN, small());
    otherEventId = await importEvent(server, ADMIN_TOKEN, other());
    const [first] = small()['users'];
    ada = await accessToken(server, HOST, String(eventId), first.email, first.password);
    stranger = await accessToken(server, OTHER_HOST, String(otherEventId), first.email, first.password);
  });
  afterAll(async () => {
    await server?.stop();
    await dropDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every signed-in call the screens make, in one piece with its Content-Length', async () => {
    const calls = [
      'liveGetAgendaInfo', 'liveGetAgendaInfo?search=a', 'liveGetAgendaInfo/bookedSessions', 'getAllTimelineItems?platform=digital',
      'getAllTimelineItems/1', 'getPromotedTimelineItems?platform=digital', 'getOwnUserInfoFromSession', 'users', 'users?page=1&size=2&search=a',
      'users/count', 'users/online', 'chat', 'user/groups', 'liveGetSpeakerInfo', 'getInfoPages?platform=digital', 'categories', 'getAllDocuments',
    ].map((call) => `/api/liveEvent/${eventId}/${call}`);
    for (const path of [...calls, '/api/liveEvent/getEventInfo', '/healthz', '/readyz']) {
      const answer = await get(server, path, bearer(ada));
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-length'], path).toBe(String(answer.bytes.length));
    }
  });

  it('answers the health probes without a session or an event\'s host', async () => {
    for (const host of [HOST, '127.0.0.1', 'nosuchevent.localhost']) {
      expect((await get(server, '/healthz', {}, host)).json()).toEqual({ ok: true });
      expect((await get(server, '/readyz', {}, host)).json()).toMatchObject({ ok: true, database: true, draining: false });
    }
  });

  it('gzips a large answer for a client that accepts it', async () => {
    const answer = await get(server, `/api/liveEvent/${eventId}/liveGetAgendaInfo`, { ...bearer(ada), 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
  });

  it('refuses no token, a bad one and a garbled cookie with 401, another event\'s session with 403, and clears a dead cookie', async () => {
    const path = `/api/liveEvent/${eventId}/user/groups`;
    expect((await get(server, path)).status).toBe(401);
    expect((await get(server, path, bearer('not-a-token'))).status).toBe(401);
    expect((await get(server, path, bearer(stranger))).status).toBe(403);
    const garbled = await get(server, path, { cookie: 'ep_session=%E0%A4%A' });
    expect(garbled.status).toBe(401);
    const cleared = await get(server, path, { cookie: 'ep_session=not-a-session' });
    expect(cleared.headers['set-cookie']?.[0]).toMatch(/^ep_session=/);
    expect((await get(server, path, { cookie: `ep_session=${ada}` })).status).toBe(200);
  });

  it('answers another event\'s live session 403 auth.wrong_event in its language, naming nothing of that event; a public call takes its cookie as a visitor\'s', async () => {
    const refused = await get(server, `/api/liveEvent/${eventId}/getOwnUserInfoFromSession`, { cookie: `ep_session=${stranger}` });
    expect(refused.status).toBe(403);
    const { error, message } = refused.json<{ error: string; message: string }>();
    expect(error).toBe('auth.wrong_event');
    expect([translator('en')('otherEventSession.description'), translator('nb')('otherEventSession.description')]).toContain(message);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(refused.body).not.toContain(String(otherEventId));
    expect((await get(server, `/api/liveEvent/${eventId}/manifest`, bearer(stranger))).status).toBe(403);
    expect((await get(server, `/api/liveEvent/${eventId}/manifest`, { cookie: `ep_session=${stranger}` })).status).toBe(200);
  });

  it('refuses a logged-out session at once', async () => {
    const [, second] = small()['users'];
    const leaving = await accessToken(server, HOST, String(eventId), second.email, second.password);
    const path = `/api/liveEvent/${eventId}/getOwnUserInfoFromSession`;
    expect((await get(server, path, bearer(leaving))).status).toBe(200);
    const logout = (await call(server, '/connect/logout', { method: 'POST', host: HOST, headers: bearer(leaving) })).status;
    expect(logout).toBe(204);
    expect((await get(server, path, bearer(leaving))).status).toBe(401);
  });

  it('answers a path naming another event 403, an unknown one 404, a bad query 400 naming the field', async () => {
    expect((await get(server, `/api/liveEvent/${otherEventId}/users`, bearer(ada))).status).toBe(403);
    expect((await get(server, '/api/liveEvent/999999/users', bearer(ada))).status).toBe(404);
    const badQuery = await get(server, `/api/liveEvent/${eventId}/users?page=x`, bearer(ada));
    expect(badQuery.status).toBe(400);
    expect(badQuery.json()).toMatchObject({ error: 'request.invalid', field: 'page' });
    expect((await get(server, `/api/liveEvent/${eventId}/getAllTimelineItems/0`, bearer(ada))).status).toBe(400);
    expect((await get(server, `/api/liveEvent/${eventId}/getPromotedTimelineItems?platform=tv`, bearer(ada))).status).toBe(400);
    expect((await get(server, '/api/liveEvent/1/users', bearer(ada), 'nosuchevent.localhost')).status).toBe(404);
  });

  it('matches a trailing slash and an escaped path as the plain one, and a static segment before a parameter', async () => {
    const plain = textOf(await get(server, `/api/liveEvent/${eventId}/users`, bearer(ada)));
    for (const path of [`/api/liveEvent/${eventId}/users/`, `/api/liveEvent/${[...String(eventId)].map((digit) => `%3${digit}`).join('')}/users`]) {
      const answer = await get(server, path, bearer(ada));
      expect(answer.status, path).toBe(200);
      expect(textOf(answer), path).toBe(plain);
    }
    // publicEventInfo/{eventId}'s, naming an event "users" that is not the host's.
    expect((await get(server, '/api/liveEvent/publicEventInfo/users', bearer(ada))).json()).toMatchObject({ error: 'event.wrong_event' });
  });

  it('answers a method or path no route has with the 404 page', async () => {
    for (const [method, path] of [['DELETE', `/api/liveEvent/${eventId}/users`], ['GET', '/api/nothing'], ['GET', '/connect/nothing']] as const) {
      const answer = await call(server, path, { method, host: HOST, headers: bearer(ada) });
      expect(answer.status, path).toBe(404);
      expect(answer.headers['content-type'], path).toMatch(/^text\/html/);
    }
  });

  it('labels its requests in /metrics with the declared route', async () => {
    await get(server, `/api/liveEvent/${eventId}/users/online`, bearer(ada));
    const { body: metrics } = await get(server, '/metrics');
    expect(metrics).toMatch(/ep_http_requests_total\{route="\/api\/liveEvent\/:eventId\/users\/online",method="GET",status="200"\} [1-9]/);
  });
});
