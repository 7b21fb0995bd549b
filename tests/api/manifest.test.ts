import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from './harness';

interface Manifest { name: string; start_url: string; scope: string; display: string; id: string; icons: { src: string; sizes: string; type: string }[]; theme_color: string; background_color: string }

describe('web app manifest (SPEC §7 manifest, manifest/me)', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer();
    const res = await call(server, '/connect/token', {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&eventId=demo&username=attendee%40demo.test&password=demo-attendee-1',
    });
    token = res.json<{ access_token: string }>().access_token;
  });
  afterAll(async () => { await server?.stop(); });

  it('serves the event manifest publicly with the favicon as icon and the lobby as start page', async () => {
    const res = await call(server, '/api/liveEvent/1/manifest');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    const manifest = res.json<Manifest>();
    expect(manifest).toMatchObject({ name: 'Northern Lights Summit', start_url: '/', scope: '/', id: '/', display: 'standalone', theme_color: '#ffffff', background_color: '#eef3f7' });
    expect(manifest.icons).toEqual([{ src: '/demo/favicon.png', sizes: '256x256', type: 'image/png', purpose: 'any' }]);
  });

  it('accepts the event slug in the path', async () => {
    expect((await call(server, '/api/liveEvent/demo/manifest')).status).toBe(200);
  });

  it('refuses an event id that is not the host event with 403', async () => {
    const res = await call(server, '/api/liveEvent/2/manifest');
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ error: 'event.wrong_event' });
    expect((await call(server, '/api/liveEvent/2/manifest/me', { headers: { authorization: `Bearer ${token}` } })).status).toBe(403);
  });

  it('answers an unknown host with 404', async () => {
    expect((await call(server, '/api/liveEvent/1/manifest', { host: 'nosuchevent.localhost' })).status).toBe(404);
  });

  it('personalises start_url by the attendee platform on manifest/me', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const digital = await call(server, '/api/liveEvent/1/manifest/me?platform=digital', { headers });
    expect(digital.status).toBe(200);
    expect(digital.headers['cache-control']).toBe('private, no-store');
    expect(digital.json<Manifest>().start_url).toBe('/');
    const inPerson = await call(server, '/api/liveEvent/1/manifest/me?platform=webApp', { headers });
    expect(inPerson.json<Manifest>().start_url).toBe('/webapp');
    expect((await call(server, '/api/liveEvent/1/manifest/me', { headers })).json<Manifest>().start_url).toBe('/');
  });

  it('needs a login for manifest/me: 401 without one or with a bad token', async () => {
    expect((await call(server, '/api/liveEvent/1/manifest/me')).status).toBe(401);
    expect((await call(server, '/api/liveEvent/1/manifest/me', { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
  });

  it('rejects an unknown platform with 400 naming the field', async () => {
    const res = await call(server, '/api/liveEvent/1/manifest/me?platform=moon', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('platform');
  });

  it('serves the service worker', async () => {
    const sw = await call(server, '/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.body).toContain('addEventListener');
  });
});
