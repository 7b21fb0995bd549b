import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpeakerPage } from '~/contracts/speakers';
import en from '../../locales/en.json' with { type: 'json' };
import { factories, type Factories } from './factories';
import { call, sharedServer, type TestServer } from './harness';

describe('public speakers', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };
  let open: { id: number; slug: string; host: string };
  let other: { id: number; slug: string; host: string };
  let keynoters: number;

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent();
    open = await f.newEvent({ features: JSON.stringify({ profilePhoneVisible: true, profileEmailVisible: true }) });
    other = await f.newEvent();
    keynoters = await f.newCategory(event.id, { name: 'Keynoters', category_type: 2 });
    const grace = await f.newSpeaker(event.id, {
      first_name: 'Grace', last_name: 'Hopper', company: 'Navy', job_title: 'Rear admiral', position: 0,
      phone: '+1 555', email: 'grace@example.org', description: '<p>Compilers</p><a href="javascript:alert(1)">x</a>',
      links: JSON.stringify([{ url: 'https://www.linkedin.com/in/grace' }, { type: 'Web', url: 'https://example.org' }, { url: 'javascript:alert(1)' }]),
      categoryIds: [keynoters],
    });
    await f.newSession(event.id, { title: 'Debugging', speakerIds: [grace], start_date: '2025-06-02T07:00:00.000Z', end_date: '2025-06-02T08:00:00.000Z' });
    await f.newSpeaker(event.id, { first_name: 'Alan', last_name: 'Turing', company: 'Bletchley 100%', position: 1 });
    for (let i = 0; i < 23; i++) await f.newSpeaker(event.id, { first_name: `Filler${String(i).padStart(2, '0')}`, last_name: 'Person', position: 10 + i });
    await f.newSpeaker(open.id, { first_name: 'Open', last_name: 'Book', phone: '+47 99', email: 'open@example.org' });
    await f.newSpeaker(other.id, { first_name: 'Grace', last_name: 'Elsewhere' });
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  const speakers = (query = '', ev = event) => call(server, `/api/liveEvent/${ev.slug}/liveGetIframeSpeakerInfo${query}`, { host: ev.host });

  it('pages 20 speakers at a time with the total that matched', async () => {
    const first = (await speakers()).json<SpeakerPage>();
    expect(first).toMatchObject({ total: 25, page: 1, size: 20 });
    expect(first.speakers).toHaveLength(20);
    expect(first.speakers[0]?.name).toBe('Grace');
    const second = (await speakers('?page=2')).json<SpeakerPage>();
    expect(second.speakers).toHaveLength(5);
    expect(second.speakers.map((s) => s.id)).not.toContain(first.speakers[0]?.id);
  });

  it('caps the page size', async () => {
    const res = (await speakers('?size=5000')).json<SpeakerPage>();
    expect(res.size).toBe(100);
    expect(res.speakers).toHaveLength(25);
  });

  it('shapes a speaker with links typed by host, sessions and a sanitised description', async () => {
    const grace = (await speakers('?search=grace')).json<SpeakerPage>().speakers[0];
    expect(grace).toMatchObject({
      name: 'Grace', lastName: 'Hopper', jobTitle: 'Rear admiral', company: 'Navy', profileImageUrl: null,
      links: [{ type: 'Linkedin', url: 'https://www.linkedin.com/in/grace' }, { type: 'Web', url: 'https://example.org' }],
      sessions: [{ title: 'Debugging', startDate: '2025-06-02T07:00:00.000Z', endDate: '2025-06-02T08:00:00.000Z' }],
      categories: [{ id: keynoters, name: 'Keynoters', categoryType: 2 }],
    });
    expect(grace?.description).toContain('<p>Compilers</p>');
    expect(grace?.description).not.toContain('javascript:');
  });

  it('hides phone and e-mail unless the event shows them on profiles', async () => {
    const hidden = await speakers('?search=grace');
    expect(hidden.json<SpeakerPage>().speakers[0]).toMatchObject({ phoneNumber: null, email: null });
    expect(hidden.body).not.toMatch(/grace@example\.org|\+1 555/);
    const shown = (await speakers('', open)).json<SpeakerPage>().speakers[0];
    expect(shown).toMatchObject({ phoneNumber: '+47 99', email: 'open@example.org' });
  });

  it('searches name, company and job title case-insensitively, treating wildcards literally', async () => {
    const names = async (q: string) => (await speakers(`?search=${encodeURIComponent(q)}`)).json<SpeakerPage>().speakers.map((s) => s.lastName);
    expect(await names('GRACE HOP')).toEqual(['Hopper']);
    expect(await names('navy')).toEqual(['Hopper']);
    expect(await names('admiral')).toEqual(['Hopper']);
    expect(await names('100%')).toEqual(['Turing']);
    expect(await names('%')).toEqual(['Turing']);
    expect(await names('_')).toEqual([]);
  });

  it('filters by speaker category', async () => {
    const res = (await speakers(`?category=${keynoters}`)).json<SpeakerPage>();
    expect(res.total).toBe(1);
    expect(res.speakers.map((s) => s.lastName)).toEqual(['Hopper']);
  });

  it('answers a bad query with 400 naming the field', async () => {
    for (const [query, field] of [['?page=0', 'page'], ['?page=x', 'page'], ['?size=-1', 'size'], ['?category=x', 'category']]) {
      const res = await speakers(query);
      expect(res.status, query).toBe(400);
      expect(res.json(), query).toMatchObject({ error: 'request.invalid', field });
    }
  });

  it("refuses another event's id with 403 and an unknown one with 404", async () => {
    const wrong = await call(server, `/api/liveEvent/${other.slug}/liveGetIframeSpeakerInfo`, { host: event.host });
    expect(wrong.status).toBe(403);
    expect(wrong.json()).toMatchObject({ error: 'event.wrong_event' });
    expect((await call(server, '/api/liveEvent/999999/liveGetIframeSpeakerInfo', { host: event.host })).status).toBe(404);
  });

  it('renders the speakers page with cards, paging links and no external scripts', async () => {
    const res = await call(server, '/speakersIframe', { host: event.host });
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/<html lang="en"/);
    expect(res.body).toContain('Grace Hopper');
    expect(res.body).toContain('Rear admiral');
    expect(res.body).toContain('aria-label="Linkedin of Grace Hopper"');
    expect(res.body).toContain('09:00–10:00');
    expect(res.body).toContain('href="?page=2"');
    expect(res.body).not.toMatch(/<script[^>]*\bsrc=/i);
    expect(res.body).not.toMatch(/grace@example\.org|javascript:/);
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('filters and pages the speakers page by query', async () => {
    const page2 = await call(server, '/speakersIframe?page=2', { host: event.host });
    expect(page2.body).toContain('Filler22 Person');
    expect(page2.body).not.toContain('Grace Hopper');
    const search = await call(server, '/speakersIframe?search=turing', { host: event.host });
    expect(search.body).toContain('Alan Turing');
    expect(search.body).not.toContain('Grace Hopper');
    const none = await call(server, '/speakersIframe?search=nobody', { host: event.host });
    expect(none.body).toContain('No speakers match your search.');
  });

  // The page's search, paging and details are plain HTML (a GET form, links, <details>): what a
  // browser does with them needs no browser to check.
  /** The page's HTML without Astro's scoping attributes, which say nothing about the behaviour. */
  const page = async (query = '') => (await call(server, `/speakersIframe${query}`, { host: event.host })).body.replace(/ data-astro-cid-\w+/g, '');
  const cards = (html: string) => [...html.matchAll(/<article class="speaker"[\s\S]*?<\/article>/g)].map((m) => m[0]);
  const firstName = (html: string) => /<h2 id="speaker-\d+">([^<]+)<\/h2>/.exec(html)?.[1];

  it('names every contact link by its kind and whose it is', async () => {
    const links = cards(await page()).flatMap((card) => {
      const name = firstName(card);
      return [...card.matchAll(/<ul class="links"[\s\S]*?<\/ul>/g)].flatMap((list) => [...list[0].matchAll(/<a [^>]*>/g)].map((a) => ({ name, a: a[0] })));
    });
    expect(links.length).toBeGreaterThan(0);
    for (const { name, a } of links) expect(a).toMatch(new RegExp(`aria-label="\\w+ of ${name}"`));
  });

  it("finds a speaker by name through the page's search form, a plain GET form", async () => {
    const form = /<form class="filters" method="get"[\s\S]*?<\/form>/.exec(await page())?.[0] ?? '';
    expect(form).toMatch(new RegExp(`<label for="speaker-search">${en.speakers.search}</label>\\s*<input id="speaker-search" name="search"`));
    expect(form).toContain(`<button class="button" type="submit">${en.speakers.apply}</button>`);
    const found = cards(await page('?search=Grace+Hopper'));
    expect(found.map(firstName)).toEqual(['Grace Hopper']);
  });

  it('says so when a search matches no speaker', async () => {
    const html = await page('?search=zz-no-such-speaker-zz');
    expect(html).toContain(en.speakers.noMatch);
    expect(cards(html)).toEqual([]);
  });

  it("lists a speaker's sessions with their time range under the card's Sessions", async () => {
    const grace = cards(await page('?search=grace'))[0] ?? '';
    const sessions = /<details class="more">\s*<summary>([^<]*)<\/summary>\s*<table>[\s\S]*?<\/details>/.exec(grace.slice(grace.lastIndexOf('<details')));
    expect(sessions?.[1]).toBe(`${en.speakers.sessions} (1)`);
    expect(sessions?.[0]).toMatch(/<td class="nowrap">09:00–10:00<\/td>[\s\S]*Debugging/);
  });

  it('pages with Next and Previous links that keep the search', async () => {
    const first = await page();
    expect(first).toMatch(new RegExp(`<a class="button secondary" href="\\?page=2" rel="next">${en.speakers.next}</a>`));
    const second = await page('?page=2');
    expect(firstName(second)).not.toBe(firstName(first));
    expect(second).toContain(`href="?" rel="prev">${en.speakers.previous}</a>`);
    expect(await page('?search=person')).toContain('href="?search=person&amp;page=2" rel="next"');
  });

  it('says there are no speakers when the event has none', async () => {
    const empty = await f.newEvent();
    const res = await call(server, '/speakersIframe', { host: empty.host });
    expect(res.body).toContain('No speakers');
  });
});
