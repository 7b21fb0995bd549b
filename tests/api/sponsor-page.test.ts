import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Poll } from '~/contracts/polls';
import type { SponsorPoll, SponsorSummary } from '~/contracts/sponsors';
import { eventFile, importEvent, type EventFile } from './admin-import';
import { call, startServer, type HttpResponse, type TestServer } from './harness';
import { accessToken } from './login-helpers';

// docs/http-cache.md "Kept for members": /sponsor/[id] is the same for every member. Where
// the attendee came from is in the URL (?from=), its polls are read for anyone (SponsorTabs reads
// the viewer's answers after hydration), and an edit of a contact's profile drops it.
const ADMIN_TOKEN = 'test-admin-token-sponsor-page';
const HOST = 'smallconf.localhost';

const sponsorEvent = (): EventFile => {
  const file = eventFile('small.event.json');
  file['language'] = 'en';
  file['features'] = {
    ...file['features'], stageTabSponsors: true, webAppNavigationSponsors: true, sponsorInfo: true, sponsorPolls: true, sponsorUsers: true, sponsorDocumentsTab: true,
  };
  // Bob is Acme's contact; his name must be escaped wherever a page names him.
  file['users'][1] = { ...file['users'][1], firstName: 'Bob "<b>', lastName: "O'Brien & Co" };
  file['polls'][0] = { ...file['polls'][0], sponsor: 'acme' };
  file['documents'].push({ key: 'app-sheet', name: 'App-only sheet', fileUrl: '/docs/app.pdf', type: 'pdf', sponsor: 'acme', platforms: ['webApp'] });
  return file;
};

const backLink = (body: string) => /<a class="button secondary" href="([^"]*)">([^<]*)<\/a>/.exec(body)?.slice(1);

describe('the sponsor page kept for the members of an event', () => {
  let server: TestServer;
  let eventId: number;
  let acme: number;
  let ada: string;
  let bob: string;
  let first: HttpResponse;

  const page = (path: string, token: string, headers: Record<string, string> = {}) =>
    call(server, path, { host: HOST, headers: { cookie: `ep_session=${token}`, ...headers } });
  const api = (path: string, token: string, body?: object) => call(server, `/api/liveEvent/${eventId}/${path}`, {
    host: HOST, ...(body ? { method: 'POST', body: JSON.stringify(body) } : {}),
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
  });

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: '0', ADMIN_TOKEN } });
    const file = sponsorEvent();
    eventId = await importEvent(server, ADMIN_TOKEN, file);
    ada = await accessToken(server, HOST, String(eventId), file['users'][0].email, file['users'][0].password);
    bob = await accessToken(server, HOST, String(eventId), file['users'][1].email, file['users'][1].password);
    acme = (await api('sponsors', ada)).json<SponsorSummary[]>().find((s) => s.name === 'Acme')!.id;
    // Ada answers Acme's poll before anyone opens the page: her answer must never be in a kept page.
    const [survey] = (await api(`sponsors/${acme}/polls`, ada)).json<SponsorPoll[]>();
    const poll = (await api(`liveGetPoll/${survey!.value}/0`, ada)).json<Poll>();
    const voted = await api('liveStorePollAnswer', ada, { PollID: poll.id, QuestionType: poll.questionType, Alternatives: [poll.alternatives[0]!.id] });
    expect(voted.status, voted.body).toBe(200);
    first = await page(`/sponsor/${acme}`, ada);
  });
  afterAll(async () => { await server?.stop(); });

  it('renders the page for the first member with its polls read for anyone', () => {
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(first.body.includes('isAnswered&quot;:[0,false]')).toBe(true);
    expect(first.body.includes('isAnswered&quot;:[0,true]')).toBe(false);
  });

  it('serves the next member the same bytes, with nobody\'s answers and no viewer id in it', async () => {
    const own = await page(`/sponsor/${acme}`, bob);
    expect(own.status).toBe(200);
    expect(own.headers['x-cache']).toBe('hit');
    expect(own.body === first.body).toBe(true);
    expect(own.body.includes('isAnswered&quot;:[0,true]')).toBe(false);
    expect(/ownUserId&quot;/.test(own.body)).toBe(false);
    // Bob is a contact: his escaped name is in the contacts list, the same for everyone.
    expect(own.body.includes('Bob \\&quot;&lt;b&gt;')).toBe(true);
  });

  it('leaves each viewer\'s poll answers to the island: the per-viewer call still tells them apart', async () => {
    expect((await api(`sponsors/${acme}/polls`, ada)).json<SponsorPoll[]>()[0]?.isAnswered).toBe(true);
    expect((await api(`sponsors/${acme}/polls`, bob)).json<SponsorPoll[]>()[0]?.isAnswered).toBe(false);
  });

  it('takes the back link and the documents\' platform from the URL, never from the Referer', async () => {
    const referrer = { referer: `http://${HOST}/webapp` };
    expect(backLink((await page(`/sponsor/${acme}`, ada, referrer)).body)).toEqual(['/', 'Back to home']);
    expect(backLink((await page(`/sponsor/${acme}?from=lobby`, ada)).body)).toEqual(['/', 'Back to lobby']);
    expect(backLink((await page(`/sponsor/${acme}?fromStage=1&from=stage`, ada)).body)).toEqual(['/stage', 'Back to stage']);
    const program = await page(`/sponsor/${acme}?fromStage=1&from=stage&session=7`, ada);
    expect(backLink(program.body)).toEqual(['/stage?session=7', 'Back to Programme']);
    const app = await page(`/sponsor/${acme}?fromStage=1&from=webapp`, ada);
    expect(backLink(app.body)).toEqual(['/webapp', 'Back to home']);
    expect(app.body.includes('App-only sheet')).toBe(true);
    expect(app.body.includes('platform&quot;:[0,&quot;webApp&quot;]')).toBe(true);
    const unknown = await page(`/sponsor/${acme}?from=https://evil.example/`, ada);
    expect(backLink(unknown.body)).toEqual(['/', 'Back to home']);
    expect(unknown.body.includes('App-only sheet')).toBe(false);
    // The see-all list's links to other sponsors keep where the attendee came from.
    expect(app.body.includes('origin&quot;:[0,{&quot;from&quot;:[0,&quot;webapp&quot;],&quot;session&quot;:[0,null],&quot;isFromStage&quot;:[0,true]}]')).toBe(true);
  });

  it('renders the page again after a contact edits their profile, on the next request', async () => {
    expect((await page(`/sponsor/${acme}`, ada)).headers['x-cache']).toBe('hit');
    const edited = await api('updateUser', bob, { Firstname: 'Robert', Lastname: "O'Brien & Co", Jobtitle: 'Booth lead' });
    expect(edited.status, edited.body).toBe(200);
    const next = await page(`/sponsor/${acme}`, ada);
    expect(next.headers['x-cache']).toBeUndefined();
    expect(next.body.includes('Booth lead')).toBe(true);
    expect(next.body.includes('Bob \\&quot;&lt;b&gt;')).toBe(false);
  });

  it('keeps the page when a member who is no contact edits their profile', async () => {
    await page(`/sponsor/${acme}`, ada);
    expect((await api('updateUser', ada, { Firstname: 'Ada', Lastname: 'King' })).status).toBe(200);
    expect((await page(`/sponsor/${acme}`, bob)).headers['x-cache']).toBe('hit');
  });

  it('never keeps a sponsor that does not exist', async () => {
    for (let i = 0; i < 2; i++) {
      const missing = await page('/sponsor/999999', ada);
      expect(missing.status).toBe(404);
      expect(missing.headers['x-cache']).toBeUndefined();
    }
  });

  it('renders the page again once an import changes the event', async () => {
    await page(`/sponsor/${acme}`, ada);
    const changed = sponsorEvent();
    changed['sponsors'][0] = { ...changed['sponsors'][0], name: 'Acme Reloaded' };
    await importEvent(server, ADMIN_TOKEN, changed);
    const next = await page(`/sponsor/${acme}`, bob);
    expect(next.headers['x-cache']).toBeUndefined();
    expect(next.body.includes('Acme Reloaded')).toBe(true);
    expect((await page(`/sponsor/${acme}`, ada)).headers['x-cache']).toBe('hit');
  });

  it('renders the page again once a contact erases their account, without them', async () => {
    expect((await page(`/sponsor/${acme}`, ada)).body.includes('O&#39;Brien')).toBe(true);
    expect((await page(`/sponsor/${acme}`, ada)).headers['x-cache']).toBe('hit');
    const erased = await call(server, `/api/liveEvent/${eventId}/deleteMyAccount`, { host: HOST, method: 'POST', headers: { authorization: `Bearer ${bob}` } });
    expect(erased.status, erased.body).toBe(200);
    const next = await page(`/sponsor/${acme}`, ada);
    expect(next.headers['x-cache']).toBeUndefined();
    expect(next.body.includes('O&#39;Brien')).toBe(false);
  });
});
