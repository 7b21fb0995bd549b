import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventFile, importEvent as importAs, type EventFile } from './admin-import';
import { call, startServer, type TestServer } from './harness';
import { accessToken, bearer } from './login-helpers';

// See docs/http-cache.md "Kept for members": a call the same for every member of an event
// is served from the node's cache only to a request the auth guard would let through.
const ADMIN_TOKEN = 'test-admin-token-member-answers';
const HOST = 'smallconf.localhost';
const OTHER_HOST = 'otherconf.localhost';

const small = (): EventFile => eventFile('small.event.json');
/** The same event under another slug, without what must be unique across events (poll keys, ticket codes). */
const other = (): EventFile => {
  const file: EventFile = { ...small(), slug: 'otherconf', polls: [] };
  file['users'] = file['users'].map(({ ticketCode: _, ...user }: EventFile) => user);
  return file;
};

const importEvent = (server: TestServer, file: EventFile) => importAs(server, ADMIN_TOKEN, file);

describe('answers kept for the members of an event', () => {
  let server: TestServer;
  let eventId: number;
  let otherEventId: number;
  let ada: string;
  let bob: string;
  let stranger: string;
  const speakers = () => `/api/liveEvent/${eventId}/liveGetSpeakerInfo`;

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: '0', ADMIN_TOKEN } });
    eventId = await importEvent(server, small());
    otherEventId = await importEvent(server, other());
    const [first, second] = small()['users'];
    ada = await accessToken(server, HOST, String(eventId), first.email, first.password);
    bob = await accessToken(server, HOST, String(eventId), second.email, second.password);
    stranger = await accessToken(server, OTHER_HOST, String(otherEventId), first.email, first.password);
    const rendered = await call(server, speakers(), { host: HOST, headers: bearer(ada) });
    expect(rendered.status).toBe(200);
    expect(rendered.headers['x-cache']).toBeUndefined();
  });
  afterAll(async () => { await server?.stop(); });

  it('serves the kept answer to another member, by Bearer token or session cookie, compressed when asked', async () => {
    const byToken = await call(server, speakers(), { host: HOST, headers: bearer(bob) });
    expect(byToken.headers['x-cache']).toBe('hit');
    const byCookie = await call(server, speakers(), { host: HOST, headers: { cookie: `ep_session=${bob}` } });
    expect(byCookie.headers['x-cache']).toBe('hit');
    expect(byCookie.body).toBe(byToken.body);
    // The event's settings are larger than the 1 kB below which nothing is compressed.
    const settings = await call(server, '/api/liveEvent/getEventInfo', { host: HOST, headers: bearer(ada) });
    expect(Buffer.byteLength(settings.body)).toBeGreaterThan(1024);
    const compressed = await call(server, '/api/liveEvent/getEventInfo', { host: HOST, headers: { ...bearer(bob), 'accept-encoding': 'gzip' } });
    expect(compressed.headers['x-cache']).toBe('hit');
    expect(compressed.headers['content-encoding']).toBe('gzip');
  });

  it('refuses as the auth guard does a request without a live session of this event: no token, a bad one, another event\'s (403), a logged-out one', async () => {
    const anonymous = await call(server, speakers(), { host: HOST });
    expect(anonymous.status).toBe(401);
    for (const [headers, status] of [[bearer('not-a-token'), 401], [bearer(stranger), 403], [{ cookie: 'ep_session=%E0%A4%A' }, 401]] as const) {
      const refused = await call(server, speakers(), { host: HOST, headers });
      expect(refused.headers['x-cache']).toBeUndefined();
      expect(refused.status).toBe(status);
      expect(refused.body).not.toContain('Grace');
    }
    const [, second] = small()['users'];
    const leaving = await accessToken(server, HOST, String(eventId), second.email, second.password);
    expect((await call(server, speakers(), { host: HOST, headers: bearer(leaving) })).headers['x-cache']).toBe('hit');
    const out = await call(server, '/connect/logout', { method: 'POST', host: HOST, headers: bearer(leaving) });
    expect(out.status).toBe(204);
    const after = await call(server, speakers(), { host: HOST, headers: bearer(leaving) });
    expect(after.status).toBe(401);
    expect(after.headers['x-cache']).toBeUndefined();
  });

  it('answers a path naming another event as before (403), whatever the cache holds', async () => {
    const wrong = await call(server, `/api/liveEvent/${otherEventId}/liveGetSpeakerInfo`, { host: HOST, headers: bearer(bob) });
    expect(wrong.status).toBe(403);
    expect(wrong.headers['x-cache']).toBeUndefined();
  });

  it('never keeps a personal call: each member gets their own', async () => {
    const path = `/api/liveEvent/${eventId}/getOwnUserInfoFromSession`;
    const own = await call(server, path, { host: HOST, headers: bearer(ada) });
    const other = await call(server, path, { host: HOST, headers: bearer(bob) });
    expect(own.status).toBe(200);
    expect(other.headers['x-cache']).toBeUndefined();
    expect(other.body).not.toBe(own.body);
    expect(other.body.toLowerCase()).toContain('bob@example.org');
  });
});
