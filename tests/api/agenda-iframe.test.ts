import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgendaInfo, Session } from '~/contracts/agenda';
import nb from '../../locales/nb.json' with { type: 'json' };
import type { Category } from '~/contracts/categories';
import type { PublicEventInfo } from '~/contracts/public-event-info';
import { factories, type Factories } from './factories';
import { call, sharedServer, type TestServer } from './harness';

const allSessions = (info: AgendaInfo): Session[] => Object.values(info.agenda).flatMap((day) => Object.values(day).flat());

describe('public agenda, categories and event info', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };
  let other: { id: number; slug: string; host: string };
  let tech: number;

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent({ language_id: '2', logo_url: '/logo.svg', terms_text: 'secret terms', results_password_hash: 'hash' });
    other = await f.newEvent();
    const track = await f.newTrack(event.id, { title: 'Hovedscenen', header_background_color: '#aa0000' });
    tech = await f.newCategory(event.id, { name: 'Tech', category_type: 1 });
    await f.newCategory(event.id, { name: 'Hidden', category_type: 1, is_public: false });
    await f.newCategory(event.id, { name: 'Gold', category_type: 0 });
    const ada = await f.newSpeaker(event.id, { first_name: 'Ada', last_name: 'Lovelace', phone: '+47 1234', email: 'ada@example.org' });
    const keynote = await f.newSession(event.id, {
      title: 'Keynote', track_id: track, start_date: '2025-06-02T07:00:00.000Z', end_date: '2025-06-02T08:00:00.000Z',
      description: '<p>Welcome</p><img src=x onerror="alert(1)"><script>alert(2)</script>', seat_limit: 3,
      speakerIds: [ada], categoryIds: [tech],
    });
    await f.newBooking(keynote, event.id);
    // 22:30 UTC on 1 June is 00:30 on 2 June in Oslo.
    await f.newSession(event.id, { title: 'Midnight breakout', start_date: '2025-06-01T22:30:00.000Z', end_date: '2025-06-01T23:00:00.000Z' });
    await f.newSession(event.id, { title: 'Day two workshop', start_date: '2025-06-03T08:00:00.000Z', end_date: '2025-06-03T09:30:00.000Z', seat_limit: 1 })
      .then((id) => f.newBooking(id, event.id));
    await f.newSession(other.id, { title: 'Other event session' });
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  const agenda = (path = '', host = event.host) => call(server, `/api/liveEvent/${event.slug}/liveGetIframeAgendaInfo${path}`, { host });

  it('groups sessions by day and start time in the event zone', async () => {
    const res = await agenda();
    expect(res.status).toBe(200);
    const info = res.json<AgendaInfo>();
    expect(info.timeZone).toBe('Europe/Oslo');
    expect(info.days).toEqual(['2025-06-02', '2025-06-03']);
    expect(Object.keys(info.agenda['2025-06-02'] ?? {})).toEqual(['00:30', '09:00']);
    expect(info.agenda['2025-06-03']?.['10:00']?.[0]?.title).toBe('Day two workshop');
    expect(allSessions(info).map((s) => s.title)).not.toContain('Other event session');
  });

  it('shapes sessions as the contract says, with seats left and no booker ids', async () => {
    const info = (await agenda()).json<AgendaInfo>();
    const keynote = info.agenda['2025-06-02']?.['09:00']?.[0];
    expect(keynote).toMatchObject({
      title: 'Keynote', myAgendaSize: 3, seatsLeft: 2, docIds: [], liveUrl: null,
      speakers: [{ name: 'Ada', lastName: 'Lovelace', jobTitle: null, company: null, profileImageUrl: null }],
      categories: [{ id: tech, name: 'Tech', categoryType: 1 }],
    });
    expect(keynote).not.toHaveProperty('userIds');
    expect(JSON.stringify(keynote)).not.toMatch(/ada@example\.org|\+47 1234/);
    expect(info.agenda['2025-06-02']?.['00:30']?.[0]).toMatchObject({ trackId: '0', seatsLeft: null });
    expect(info.agenda['2025-06-03']?.['10:00']?.[0]?.seatsLeft).toBe(0);
    expect(info.tracks).toEqual([{ id: keynote?.trackId, title: 'Hovedscenen', headerBackgroundColor: '#aa0000', hideTrackTitle: false }]);
  });

  it('sends session descriptions sanitised (when written)', async () => {
    const keynote = (await agenda()).json<AgendaInfo>().agenda['2025-06-02']?.['09:00']?.[0];
    expect(keynote?.description).toContain('<p>Welcome</p>');
    expect(keynote?.description).not.toMatch(/script|onerror/);
  });

  it('filters by search, category and day', async () => {
    const titles = async (q: string) => allSessions((await agenda(q)).json<AgendaInfo>()).map((s) => s.title);
    expect(await titles('?search=lovelace')).toEqual(['Keynote']);
    expect(await titles(`?category=${tech}`)).toEqual(['Keynote']);
    expect(await titles('?day=2025-06-03')).toEqual(['Day two workshop']);
    expect(await titles('?search=&category=&day=')).toHaveLength(3);
  });

  it('answers a bad query with 400 naming the field', async () => {
    const res = await agenda('?day=tomorrow');
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ error: 'request.invalid', field: 'day' });
    expect((await agenda('?category=abc')).json()).toMatchObject({ field: 'category' });
  });

  it("refuses another event's id in the path with 403 and an unknown one with 404", async () => {
    const wrong = await call(server, `/api/liveEvent/${other.id}/liveGetIframeAgendaInfo`, { host: event.host });
    expect(wrong.status).toBe(403);
    expect(wrong.json()).toMatchObject({ error: 'event.wrong_event' });
    const unknown = await call(server, '/api/liveEvent/nosuchevent/liveGetIframeAgendaInfo', { host: event.host });
    expect(unknown.status).toBe(404);
    expect((await agenda('', 'nosuchevent.localhost')).status).toBe(404);
  });

  it('accepts the numeric event id in the path as well as the slug', async () => {
    const res = await call(server, `/api/liveEvent/${event.id}/liveGetIframeAgendaInfo`, { host: event.host });
    expect(res.status).toBe(200);
  });

  it('lists public categories only, optionally of one type', async () => {
    const all = await call(server, `/api/liveEvent/${event.slug}/publicCategories`, { host: event.host });
    expect(all.status).toBe(200);
    expect(all.json<Category[]>().map((c) => c.name)).toEqual(['Gold', 'Tech']);
    const agendaOnly = await call(server, `/api/liveEvent/${event.slug}/publicCategories?type=1`, { host: event.host });
    expect(agendaOnly.json<Category[]>()).toEqual([{ id: tech, name: 'Tech', categoryType: 1 }]);
    const bad = await call(server, `/api/liveEvent/${event.slug}/publicCategories?type=9`, { host: event.host });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'type' });
    expect((await call(server, `/api/liveEvent/${other.slug}/publicCategories`, { host: event.host })).status).toBe(403);
  });

  it('gives public event info without features or secrets', async () => {
    const res = await call(server, `/api/liveEvent/publicEventInfo/${event.slug}`, { host: event.host });
    expect(res.status).toBe(200);
    const info = res.json<PublicEventInfo>();
    expect(info).toMatchObject({ eventId: event.id, eventSlug: event.slug, language: 'nb', languageId: '2', logoUrl: '/logo.svg', active: '1', registrationOpen: '0' });
    expect(info).not.toHaveProperty('features');
    expect(res.body).not.toMatch(/secret terms|hash|password/i);
    expect((await call(server, `/api/liveEvent/publicEventInfo/${other.slug}`, { host: event.host })).status).toBe(403);
    // An unknown id gets the same 403, so ids cannot be listed by asking.
    expect((await call(server, '/api/liveEvent/publicEventInfo/nosuchevent', { host: event.host })).status).toBe(403);
  });

  it('renders the agenda page in the event language with no external scripts', async () => {
    const res = await call(server, '/agendaIframe', { host: event.host });
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/<html lang="nb"/);
    expect(res.body).toContain('mandag 2. juni');
    expect(res.body).toContain('Keynote');
    expect(res.body).toContain('09:00');
    expect(res.body).toContain('2 plasser igjen');
    expect(res.body).toContain('Fullt');
    expect(res.body).not.toMatch(/<script[^>]*\bsrc=/i);
    expect(res.body).not.toMatch(/onerror|alert\(2\)/);
    const scriptBytes = [...res.body.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].reduce((n, m) => n + (m[1]?.length ?? 0), 0);
    expect(scriptBytes).toBeLessThan(1024);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
  });

  it('narrows the agenda page to a session title through its search form, a plain GET form, and Reset shows every session again', async () => {
    // Plain HTML without Astro's scoping attributes: the form and its answer need no browser to check.
    const page = async (query: string) => (await call(server, `/agendaIframe${query}`, { host: event.host })).body.replace(/ data-astro-cid-\w+/g, '');
    const titles = (html: string) => [...html.matchAll(/<article class="session"[\s\S]*?<h3[^>]*>([^<]+)<\/h3>/g)].map((m) => m[1]?.trim());
    const all = await page('');
    const form = /<form class="filters" method="get"[\s\S]*?<\/form>/.exec(all)?.[0] ?? '';
    expect(form).toMatch(new RegExp(`<label for="agenda-search">${nb.agenda.search}</label>\\s*<input id="agenda-search" name="search"`));
    expect(form).toContain(`<button class="button" type="submit">${nb.agenda.apply}</button>`);
    expect(form).not.toContain(nb.agenda.reset);
    expect(titles(all)).toHaveLength(3);
    const found = await page('?search=Day+two+workshop');
    expect(titles(found)).toEqual(['Day two workshop']);
    expect(found).toContain(`<a class="reset" href="?">${nb.agenda.reset}</a>`);
  });

  it('filters the agenda page by query without JavaScript', async () => {
    const byDay = await call(server, '/agendaIframe?day=2025-06-03', { host: event.host });
    expect(byDay.body).toContain('Day two workshop');
    expect(byDay.body).not.toContain('Keynote');
    const bySearch = await call(server, '/agendaIframe?search=midnight&day=bad', { host: event.host });
    expect(bySearch.status).toBe(200);
    expect(bySearch.body).toContain('Midnight breakout');
    expect(bySearch.body).not.toContain('Day two workshop');
  });
});
