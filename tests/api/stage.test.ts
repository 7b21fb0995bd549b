import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventInfo } from '~/contracts/event-info';
import { createStageRepository } from '~/server/stage/stage.repository';
import { factories, type Factories } from './factories';
import { call, startServer, type TestServer } from './harness';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('stage pages and event info', () => {
  let server: TestServer;
  let f: Factories;
  let token: string;
  let cookie: string;

  beforeAll(async () => {
    server = await startServer();
    f = factories(server);
    const login = await call(server, '/connect/token', {
      method: 'POST', headers: FORM,
      body: form({ grant_type: 'password', eventId: 'demo', username: 'attendee@demo.test', password: 'demo-attendee-1' }),
    });
    expect(login.status).toBe(200);
    token = login.json<{ access_token: string }>().access_token;
    cookie = `ep_session=${token}`;
  });
  afterAll(async () => {
    await f.close();
    await server.stop();
  });

  it('GET /api/liveEvent/getEventInfo answers the logged-in event and 401 without a token', async () => {
    const info = await call(server, '/api/liveEvent/getEventInfo', { headers: { authorization: `Bearer ${token}` } });
    expect(info.status).toBe(200);
    expect(info.json<EventInfo>()).toMatchObject({ eventSlug: 'demo', streamUrl: '/media/mainstage/index.m3u8' });
    expect(info.json<EventInfo>().features.stageTabAgenda).toBe(true);
    expect(info.body).not.toContain('demo-results');
    expect(info.body).not.toContain('scrypt');
    expect((await call(server, '/api/liveEvent/getEventInfo')).status).toBe(401);
  });

  it('refuses a live token of one event on another event host with 403 auth.wrong_event, not the 401 that logs out', async () => {
    const other = await f.newEvent();
    const response = await call(server, '/api/liveEvent/getEventInfo', { host: other.host, headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(403);
    expect(response.json()).toMatchObject({ error: 'auth.wrong_event' });
  });

  it('sends logged-out visitors of /stage and /webapp to the login page', async () => {
    for (const path of ['/stage', '/webapp']) {
      const response = await call(server, path);
      expect(response.status).toBe(302);
      expect(response.headers.location).toMatch(/\/login$/);
    }
  });

  it('redirects an unknown or malformed session to the main stage and renders a known one', async () => {
    for (const session of ['999999', 'abc', '-1']) {
      const response = await call(server, `/stage?session=${session}`, { headers: { cookie } });
      expect(response.status).toBe(302);
      expect(response.headers.location).toMatch(/\/stage$/);
    }
    const row = await f.db.kysely.selectFrom('sessions').select(['id', 'title']).where('live_url', '=', '/media/breakout/index.m3u8').executeTakeFirstOrThrow();
    const page = await call(server, `/stage?session=${row.id}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('/media/breakout/index.m3u8');
    expect(page.body).toContain('role="tablist"');
    expect(page.body).not.toContain(token);
  });

  it('renders only the tab shown on arrival and the chat into /stage; another tab comes from /stage/panel/<id>', async () => {
    const page = await call(server, '/stage', { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('data-src="/stage/panel/speakers"');
    expect(page.body).not.toContain('data-src="/stage/panel/chat"');
    // Not the speakers' island (the timeline's first posts may name a speaker).
    expect(page.body).not.toContain('/_astro/SpeakersTab.');
    const asked = await call(server, '/stage?tab=speakers', { headers: { cookie } });
    expect(asked.body).toContain('/_astro/SpeakersTab.');
    expect(asked.body).toContain('Ingrid Solberg');

    const panel = await call(server, '/stage/panel/speakers', { headers: { cookie } });
    expect(panel.status).toBe(200);
    expect(panel.body).toContain('Ingrid Solberg');
    expect(panel.body).not.toContain('<html');
    expect(panel.body).not.toContain(token);
    // custom is off for the demo's stage; nope is no tab at all; nobody signed in gets nothing.
    for (const path of ['/stage/panel/custom', '/stage/panel/nope', '/webapp/panel/custom']) {
      expect((await call(server, path, { headers: { cookie } })).status, path).toBe(404);
    }
    expect((await call(server, '/stage/panel/speakers')).status).toBe(401);
  });

  it('counts sessions, sponsors, and info pages and documents for the platform', async () => {
    const event = await f.newEvent();
    const { kysely } = f.db;
    await kysely.insertInto('sponsors').values({ event_id: event.id, key: 's1', name: 'Acme', position: 0, links: '[]' }).execute();
    await kysely.insertInto('info_pages').values([
      { event_id: event.id, key: 'p1', heading: 'Web only', body: '', platforms: '["webApp"]', position: 0 },
      { event_id: event.id, key: 'p2', heading: 'Both', body: '', platforms: '["digital","webApp"]', position: 1 },
    ]).execute();
    await kysely.insertInto('documents').values([
      { event_id: event.id, key: 'd1', name: 'Map', file_url: '/m.pdf', doc_type: 'pdf', platforms: '["digital"]', uploaded_at: '2025-01-01T00:00:00Z' },
    ]).execute();
    const repository = createStageRepository(f.db);
    expect(await repository.counts(event.id, 'digital')).toEqual({ sessions: 0, sponsors: 1, infoPages: 1, documents: 1 });
    expect(await repository.counts(event.id, 'webApp')).toEqual({ sessions: 0, sponsors: 1, infoPages: 2, documents: 0 });
    expect(await repository.findSessionStream(event.id, 1)).toBeUndefined();
  });
});
