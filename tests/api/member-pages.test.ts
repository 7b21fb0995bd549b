import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventFile, importEvent, type EventFile } from './admin-import';
import { call, startServer, type HttpResponse, type TestServer } from './harness';
import { accessToken } from './login-helpers';

// See docs/http-cache.md "Pages for members": the lobby is rendered once per event version
// for a stand-in viewer and each member gets it with their own name, id and nonce filled in.
const ADMIN_TOKEN = 'test-admin-token-member-pages';
const HOST = 'smallconf.localhost';

const lobbyEvent = (): EventFile => {
  const file = eventFile('small.event.json');
  file['language'] = 'en';
  file['features'] = { ...file['features'], lobbyEnabled: true, lobbyChatEnabled: true, stageTabTimeline: true, stageTabAgenda: true };
  // A name that needs escaping in HTML and in island props alike.
  file['users'][1] = { ...file['users'][1], firstName: 'Bob "<b>', lastName: "O'Brien & Co" };
  return file;
};

const nonceOf = (res: HttpResponse) => /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];

describe('pages kept for the members of an event', () => {
  let server: TestServer;
  let eventId: number;
  let ada: string;
  let bob: string;
  let first: HttpResponse;

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: '0', ADMIN_TOKEN } });
    const file = lobbyEvent();
    eventId = await importEvent(server, ADMIN_TOKEN, file);
    ada = await accessToken(server, HOST, String(eventId), file['users'][0].email, file['users'][0].password);
    bob = await accessToken(server, HOST, String(eventId), file['users'][1].email, file['users'][1].password);
    first = await call(server, '/', { host: HOST, headers: { cookie: `ep_session=${ada}` } });
  });
  afterAll(async () => { await server?.stop(); });

  it('renders the lobby for the first member with their own name, id and a nonce its CSP names', () => {
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(first.body.includes('Profile menu for Ada Lovelace'), 'Profile menu for Ada Lovelace').toBe(true);
    expect(/userId&quot;:\[0,\d{1,6}\]/.test(first.body)).toBe(true);
    const nonce = nonceOf(first)!;
    expect(nonce).toBeTruthy();
    expect([...first.body.matchAll(/<script\b[^>]*>/g)].every((tag) => tag[0].includes(`nonce="${nonce}"`))).toBe(true);
  });

  it('serves the next member the kept lobby with their own name (escaped), id and a fresh nonce, and nothing of the first', async () => {
    const own = await call(server, '/', { host: HOST, headers: { cookie: `ep_session=${bob}` } });
    expect(own.status).toBe(200);
    expect(own.headers['x-cache']).toBe('hit');
    expect(own.body.includes('Ada Lovelace')).toBe(false);
    expect(own.body.includes('Profile menu for Bob &quot;&lt;b&gt; O&#39;Brien &amp; Co'), 'Profile menu for Bob &quot;&lt;b&gt; O&#39;Brien &amp; Co').toBe(true);
    expect(own.body.includes('>BO<'), '>BO<').toBe(true);
    const ids = new Set([...own.body.matchAll(/[uU]serId&quot;:\[0,(\d+)\]/g)].map((m) => m[1]));
    const adaIds = new Set([...first.body.matchAll(/[uU]serId&quot;:\[0,(\d+)\]/g)].map((m) => m[1]));
    expect(ids.size).toBe(1);
    expect([...ids][0]).not.toBe([...adaIds][0]);
    const nonce = nonceOf(own)!;
    expect(nonce).not.toBe(nonceOf(first));
    expect(own.body.includes(nonceOf(first)!)).toBe(false);
    expect([...own.body.matchAll(/<script\b[^>]*>/g)].every((tag) => tag[0].includes(`nonce="${nonce}"`))).toBe(true);
    expect(own.headers['cache-control']).toBe(first.headers['cache-control']);
    // The same page but for the viewer: the first member's page with Bob's values put back is the same bytes.
    const [adaId] = adaIds;
    const asAda = own.body.replaceAll(nonce, nonceOf(first)!).replaceAll(`[0,${[...ids][0]}]`, `[0,${adaId}]`)
      .replaceAll('Bob &quot;&lt;b&gt; O&#39;Brien &amp; Co', 'Ada Lovelace').replaceAll('>BO<', '>AL<');
    expect(asAda === first.body).toBe(true);
  });

  it('serves the kept lobby gzipped from parts compressed once, the same page as uncompressed with this viewer filled in', async () => {
    const zipped = await call(server, '/', { host: HOST, headers: { cookie: `ep_session=${bob}`, 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['x-cache']).toBe('hit');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['vary']).toBe('accept-encoding');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.bytes.length);
    const page = gunzipSync(zipped.bytes).toString('utf8');
    const nonce = nonceOf(zipped)!;
    expect([...page.matchAll(/<script\b[^>]*>/g)].every((tag) => tag[0].includes(`nonce="${nonce}"`))).toBe(true);
    const plain = await call(server, '/', { host: HOST, headers: { cookie: `ep_session=${bob}` } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(page.replaceAll(nonce, nonceOf(plain)!) === plain.body).toBe(true);
    expect(zipped.bytes.length).toBeLessThan(plain.bytes.length / 3);
  });

  it('sends a request without a live session to the login, kept lobby or not', async () => {
    for (const cookie of ['ep_session=not-a-session', '']) {
      const refused = await call(server, '/', { host: HOST, headers: cookie ? { cookie } : {} });
      expect(refused.status).toBe(302);
      expect(refused.headers['location']).toBe('/login');
    }
    const leaving = await accessToken(server, HOST, String(eventId), 'bob@example.org', 'bob-password');
    expect((await call(server, '/', { host: HOST, headers: { cookie: `ep_session=${leaving}` } })).headers['x-cache']).toBe('hit');
    await call(server, '/connect/logout', { method: 'POST', host: HOST, headers: { authorization: `Bearer ${leaving}` } });
    const after = await call(server, '/', { host: HOST, headers: { cookie: `ep_session=${leaving}` } });
    expect(after.status).toBe(302);
    expect(after.headers['x-cache']).toBeUndefined();
  });

  it('keeps the stage opening on the timeline (its first view read for any member), never one opening on a tab read per viewer', async () => {
    const cookie = { cookie: `ep_session=${ada}` };
    await call(server, '/stage', { host: HOST, headers: cookie });
    const kept = await call(server, '/stage', { host: HOST, headers: { cookie: `ep_session=${bob}` } });
    expect(kept.status).toBe(200);
    expect(kept.headers['x-cache']).toBe('hit');
    expect(kept.body.includes('isInitialForAnyone&quot;:[0,true]')).toBe(true);
    expect(kept.body.includes('Profile menu for Bob &quot;&lt;b&gt; O&#39;Brien &amp; Co')).toBe(true);
    expect(kept.body.includes('Profile menu for Ada')).toBe(false);
    for (const session of [ada, bob]) {
      const agenda = await call(server, '/stage?tab=agenda', { host: HOST, headers: { cookie: `ep_session=${session}` } });
      expect(agenda.status).toBe(200);
      expect(agenda.headers['x-cache']).toBeUndefined();
      expect(agenda.body.includes('isInitialForAnyone&quot;:[0,true]')).toBe(false);
      expect(agenda.body.includes('isInitialForAnyone&quot;:[0,false]')).toBe(true);
    }
  });

  it('renders the lobby again once an import changes the event', async () => {
    const changed = lobbyEvent();
    changed['name'] = 'Smallconf Reloaded';
    await importEvent(server, ADMIN_TOKEN, changed);
    const next = await call(server, '/', { host: HOST, headers: { cookie: `ep_session=${bob}` } });
    expect(next.headers['x-cache']).toBeUndefined();
    expect(next.body.includes('Smallconf Reloaded'), 'Smallconf Reloaded').toBe(true);
    expect(next.body.includes('Profile menu for Bob &quot;&lt;b&gt;'), 'Profile menu for Bob &quot;&lt;b&gt;').toBe(true);
  });
});
