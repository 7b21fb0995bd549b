import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventFile, importEvent, type EventFile } from './admin-import';
import { call, startServer, type HttpResponse, type TestServer } from './harness';
import { accessToken } from './login-helpers';

// docs/http-cache.md "Kept for members": the lobby, stage, web app and sponsor pages carry nothing
// of who is looking, so every member of an event gets the same bytes, kept once per event version.
const ADMIN_TOKEN = 'test-admin-token-member-pages';
const HOST = 'smallconf.localhost';
const OTHER_HOST = 'otherconf.localhost';

const smallconf = (): EventFile => {
  const file = eventFile('small.event.json');
  file['language'] = 'en';
  file['features'] = {
    ...file['features'], lobbyEnabled: true, lobbyChatEnabled: true, stageChatEnabled: true, stageTabTimeline: true, stageTabAgenda: true,
    bookingsEnabled: true, lobbyParticipantList: true,
  };
  // The two viewers: hidden, so no list, post or card of the event names them; only their own
  // calls know them. One name would need escaping, were it ever written into a page.
  file['users'].push(
    { email: 'quentin@example.org', firstName: 'Quentin', lastName: 'Viewerone', password: 'quentin-password', hidden: true },
    { email: 'rosalind@example.org', firstName: 'Rosalind "<b>', lastName: "Viewertwo & Co", password: 'rosalind-password', hidden: true },
  );
  return file;
};

/** The same event under another slug: codes that must be unique across events are made its own. */
const otherconf = (): EventFile => {
  const file = smallconf();
  file['users'] = file['users'].map((user: EventFile) => ({ ...user, ticketCode: user['ticketCode'] && `OTHER-${user['ticketCode']}` }));
  file['polls'] = file['polls'].map((poll: EventFile) => ({ ...poll, accessKey: poll['accessKey'] && `other-${poll['accessKey']}` }));
  return { ...file, slug: 'otherconf', name: 'Otherconf' };
};

const PAGES = ['/', '/stage', '/stage?tab=agenda', '/stage?tab=participants', '/stage/panel/agenda', '/webapp', '/webapp?tab=profile'];

/** What would name a viewer: their names, e-mail, initials, or an id handed to an island as theirs. */
function viewerTraces(body: string): string[] {
  const traces = ['Quentin', 'Viewerone', 'Rosalind', 'Viewertwo', 'quentin@example.org', 'rosalind@example.org', '>QV<', '>RV<']
    .filter((trace) => body.toLowerCase().includes(trace.toLowerCase()));
  if (/(?:userId|ownUserId)&quot;/.test(body)) traces.push('an island prop with a user id');
  return traces;
}

describe('pages the same for every member of an event', () => {
  let server: TestServer;
  let eventId: number;
  let quentin: string;
  let rosalind: string;
  let other: string;
  const asMember = (path: string, token: string, host = HOST, headers: Record<string, string> = {}): Promise<HttpResponse> =>
    call(server, path, { host, headers: { cookie: `ep_session=${token}`, ...headers } });

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: '0', ADMIN_TOKEN } });
    const file = smallconf();
    eventId = await importEvent(server, ADMIN_TOKEN, file);
    const otherFile = otherconf();
    const otherId = await importEvent(server, ADMIN_TOKEN, otherFile);
    quentin = await accessToken(server, HOST, String(eventId), 'quentin@example.org', 'quentin-password');
    rosalind = await accessToken(server, HOST, String(eventId), 'rosalind@example.org', 'rosalind-password');
    other = await accessToken(server, OTHER_HOST, String(otherId), otherFile['users'][0].email, otherFile['users'][0].password);
  });
  afterAll(async () => { await server?.stop(); });

  it('gives two members the same bytes for the lobby, stage and web app, holding neither\'s name, e-mail, id or initials', async () => {
    for (const path of PAGES) {
      const first = await asMember(path, quentin);
      const second = await asMember(path, rosalind);
      expect(first.status, path).toBe(200);
      expect(second.status, path).toBe(200);
      expect(second.body === first.body, `${path}: the same bytes`).toBe(true);
      expect(viewerTraces(first.body), path).toEqual([]);
      expect(second.headers['etag'], path).toBe(first.headers['etag']);
      expect(second.headers['content-security-policy'], path).toBe(first.headers['content-security-policy']);
      expect(String(first.headers['content-security-policy']), path).not.toContain('nonce');
      expect(second.headers['x-cache'], `${path}: the second member is served the kept page`).toBe('hit');
      expect(second.headers['cache-control'], path).toBe('private, no-cache');
    }
  });

  it('answers a member\'s revalidation with 304, gzip or br as the browser asks', async () => {
    const page = await asMember('/stage', quentin);
    const again = await asMember('/stage', rosalind, HOST, { 'if-none-match': String(page.headers['etag']) });
    expect(again.status).toBe(304);
    const zipped = await asMember('/stage', rosalind, HOST, { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('br');
    expect(zipped.headers['vary']).toBe('accept-encoding');
  });

  it('gives a member of another event their own event\'s page, and here "Not allowed" (403), never this event\'s page', async () => {
    const own = await asMember('/', other, OTHER_HOST);
    expect(own.status).toBe(200);
    expect(own.body).toContain('Otherconf');
    expect(own.body === (await asMember('/', quentin)).body).toBe(false);
    for (const path of ['/', '/stage', '/webapp', '/console']) {
      const elsewhere = await asMember(path, other);
      expect(elsewhere.status, path).toBe(403);
      expect(elsewhere.headers['x-cache'], path).toBeUndefined();
      expect(elsewhere.body, path).toContain('href="/login"');
      expect(elsewhere.body, path).not.toContain('Otherconf');
    }
  });

  it('sends a request without a live session to the login, kept page or not', async () => {
    for (const path of ['/', '/stage', '/webapp']) {
      await asMember(path, quentin);
      for (const headers of [{ cookie: 'ep_session=not-a-session' }, {}]) {
        const refused = await call(server, path, { host: HOST, headers });
        expect(refused.status, path).toBe(302);
        expect(refused.headers['location'], path).toBe('/login');
      }
    }
    const leaving = await accessToken(server, HOST, String(eventId), 'rosalind@example.org', 'rosalind-password');
    await asMember('/', quentin);
    expect((await asMember('/', leaving)).headers['x-cache']).toBe('hit');
    await call(server, '/connect/logout', { method: 'POST', host: HOST, headers: { authorization: `Bearer ${leaving}` } });
    const after = await asMember('/', leaving);
    expect(after.status).toBe(302);
    expect(after.headers['x-cache']).toBeUndefined();
  });

  it('renders the pages again once an import changes the event', async () => {
    await asMember('/', quentin);
    const changed = smallconf();
    changed['name'] = 'Smallconf Reloaded';
    await importEvent(server, ADMIN_TOKEN, changed);
    const next = await asMember('/', rosalind);
    expect(next.headers['x-cache']).toBeUndefined();
    expect(next.body).toContain('Smallconf Reloaded');
  });
});
