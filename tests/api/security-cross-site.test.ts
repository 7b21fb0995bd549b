import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from './harness';
import { form } from './member-helpers';

/*
 * A call with a side effect must not run on the session cookie alone when
 * the request comes from another site; a Bearer token or same-origin proof is needed. And the
 * three GET calls that send mail have a per-user limit.
 */

const API = '/api/liveEvent/demo';
const HOST = 'demo.localhost';
const mails = (server: TestServer) => {
  try { return readdirSync(join(server.dataDir, 'outbox')).filter((n) => n.endsWith('.eml')).length; } catch { return 0; }
};

describe('calls with side effects refuse cross-site requests carrying only the cookie', () => {
  let server: TestServer;
  let token = '';
  beforeAll(async () => {
    server = await startServer();
    const res = await call(server, '/connect/token', form({ grant_type: 'password', eventId: 'demo', username: 'attendee@demo.test', password: 'demo-attendee-1' }));
    token = res.json<{ access_token: string }>().access_token;
  });
  afterAll(async () => { await server?.stop(); });

  const cookie = () => ({ cookie: `ep_session=${token}` });
  const origin = () => `http://${HOST}:${server.port}`;
  const sideEffects = ['sendContactInfo/1', 'requestMeeting/999', 'sendAllDocuments'];

  it('refuses a cookie-only GET with a side effect from another site (Sec-Fetch-Site: cross-site)', async () => {
    for (const path of sideEffects) {
      const before = mails(server);
      const res = await call(server, `${API}/${path}`, { headers: { ...cookie(), 'sec-fetch-site': 'cross-site' } });
      expect(res.status, path).toBe(403);
      expect(res.json(), path).toMatchObject({ error: 'auth.cross_site' });
      expect(mails(server), path).toBe(before);
    }
  });

  it('refuses a cookie-only GET with a side effect that proves no origin at all (old browser, plain link)', async () => {
    for (const path of sideEffects) {
      expect((await call(server, `${API}/${path}`, { headers: cookie() })).status, path).toBe(403);
    }
  });

  it('refuses a cookie-only GET whose Referer or Origin names another site', async () => {
    const viaReferer = await call(server, `${API}/sendAllDocuments`, { headers: { ...cookie(), referer: 'https://evil.example/page' } });
    expect(viaReferer.status).toBe(403);
    const viaOrigin = await call(server, `${API}/sendAllDocuments`, { headers: { ...cookie(), origin: 'https://evil.example' } });
    expect(viaOrigin.status).toBe(403);
  });

  it('refuses a cookie-authenticated POST without same-origin proof, not just one with a foreign Origin', async () => {
    const res = await call(server, `${API}/sendContactMessage`, {
      ...form({ SponsorId: '1', Message: 'hello' }), headers: { ...form({}).headers, ...cookie() },
    });
    expect(res.status).toBe(403);
  });

  it('runs the call for the event\'s own pages\' scripts: Sec-Fetch-Site same-origin, a same-host Origin or Referer', async () => {
    const own = await call(server, `${API}/sendContactInfo/1`, { headers: { ...cookie(), 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'empty' } });
    expect(own.status).toBe(200);
    const byOrigin = await call(server, `${API}/sendContactInfo/2`, { headers: { ...cookie(), origin: origin(), accept: 'application/json' } });
    expect(byOrigin.status).toBe(200);
    const byReferer = await call(server, `${API}/sendContactInfo/3`, { headers: { ...cookie(), referer: `${origin()}/sponsor/3`, accept: 'application/json' } });
    expect(byReferer.status).toBe(200);
  });

  it('refuses a GET with a side effect that a picture, a player or a link on the event\'s own pages asks for', async () => {
    // The third review set `/api/liveEvent/demo/sendContactInfo/1` as the stage's holding picture: every attendee's browser sent it.
    const own = { ...cookie(), 'sec-fetch-site': 'same-origin', referer: `${origin()}/stage` };
    const elements: Array<Record<string, string>> = [
      { 'sec-fetch-dest': 'image', accept: 'image/avif,image/webp,*/*' }, { 'sec-fetch-dest': 'video', accept: '*/*' },
      { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', accept: 'text/html,application/xhtml+xml' },
      { 'sec-fetch-dest': 'iframe', accept: 'text/html' }, { 'sec-fetch-dest': 'empty', ...{} },
    ];
    for (const path of sideEffects) {
      for (const headers of elements.slice(0, 4)) {
        const before = mails(server);
        const res = await call(server, `${API}/${path}`, { headers: { ...own, ...headers } });
        expect(res.status, `${path} ${headers['sec-fetch-dest']}`).toBe(403);
        expect(res.json(), path).toMatchObject({ error: 'request.script_only' });
        expect(mails(server), path).toBe(before);
      }
      // A browser without Sec-Fetch-Dest: a picture asks for pictures, not JSON.
      const old = await call(server, `${API}/${path}`, { headers: { ...cookie(), referer: `${origin()}/stage`, accept: 'image/png,image/*;q=0.8' } });
      expect(old.status, path).toBe(403);
    }
  });

  it('runs the call for a Bearer token whatever the headers say (API clients send no Origin)', async () => {
    const res = await call(server, `${API}/sendContactInfo/1`, { headers: { authorization: `Bearer ${token}`, 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(200);
  });

  it('still serves plain reads on the cookie from anywhere (a link to a page must work)', async () => {
    const res = await call(server, `${API}/sponsors`, { headers: { ...cookie(), 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(200);
    const page = await call(server, '/stage', { headers: { ...cookie(), 'sec-fetch-site': 'cross-site' } });
    expect(page.status).toBe(200);
  });
});

describe('calls that send mail have a per-user limit', () => {
  let server: TestServer;
  let auth: Record<string, string> = {};
  beforeAll(async () => {
    server = await startServer();
    const res = await call(server, '/connect/token', form({ grant_type: 'password', eventId: 'demo', username: 'attendee@demo.test', password: 'demo-attendee-1' }));
    auth = { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
  });
  afterAll(async () => { await server?.stop(); });

  for (const path of ['sendContactInfo/1', 'sendAllDocuments']) {
    it(`stops ${path.split('/')[0]} with 429 and Retry-After long before 30 calls send 30 mails`, async () => {
      const before = mails(server);
      const statuses: number[] = [];
      for (let i = 0; i < 30; i += 1) statuses.push((await call(server, `${API}/${path}`, { headers: auth })).status);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses.slice(10)).toEqual(Array(20).fill(429));
      // Every call let through sends its one mail, and only those: the outbox holds exactly as many.
      const allowed = statuses.filter((status) => status === 200).length;
      await expect.poll(() => mails(server) - before, { timeout: 5000, interval: 50 }).toBe(allowed);
      expect(allowed).toBeLessThanOrEqual(10);
      const blocked = await call(server, `${API}/${path}`, { headers: auth });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });
  }

  it('stops requestMeeting with 429 after its per-user budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await call(server, `${API}/requestMeeting/999`, { headers: auth })).status);
    expect(statuses[0]).toBe(404);
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
  });
});
