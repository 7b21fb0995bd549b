import { describe, expect, it } from 'vitest';
import { cacheKeyOf, createPageCache, POLL_ANSWER_ROUTES, sharedMaxAge, type CacheKey, type StoredAnswer } from '~/server/http/page-cache';
import { memberCacheKey } from '~/server/http/member-answers';
import { PAGES } from '~/server/routes/page-table';
import { ROUTES } from '~/server/routes/route-table';

/** A visitor's key of its own for each name. */
const k = (name: string): CacheKey => cacheKeyOf('visitor', 'demo.localhost', `/${name}`)!;

const answer = (eventId: number, bytes = 100, cacheControl: string | null = 'public, max-age=60'): StoredAnswer => ({
  eventId, route: '/agendaIframe', headers: { 'content-type': 'text/html' }, body: new Uint8Array(bytes), etag: '"x"', contentType: 'text/html', cacheControl,
});

describe('page cache', () => {
  it('keys by host (case-insensitive) and raw URL, so events never share an entry', () => {
    expect(cacheKeyOf('visitor', 'Demo.localhost:4321', '/agendaIframe?a=1')).toEqual(cacheKeyOf('visitor', 'demo.localhost:4321', '/agendaIframe?a=1'));
    expect(cacheKeyOf('visitor', 'a.localhost', '/x')).not.toEqual(cacheKeyOf('visitor', 'b.localhost', '/x'));
    expect(cacheKeyOf('visitor', undefined, '/x')).toBeUndefined();
  });

  it('builds no key for a Host that is not a host name', () => {
    for (const host of ['member demo.localhost:4321', 'demo.localhost:4321 ', 'demo%2elocalhost', 'demo.localhost, other.localhost', 'a..b', '', 'user@demo.localhost', 'demo.localhost/x', '[::1', 'demo.localhost:port']) {
      expect(cacheKeyOf('visitor', host, '/console'), host).toBeUndefined();
      expect(memberCacheKey(host, '/console'), host).toBeUndefined();
    }
    for (const host of ['demo.localhost', 'DEMO.localhost:4321', '127.0.0.1:8080', '[::1]:4321', 'localhost', 'my_service:3000', 'demo.example.org.']) {
      expect(cacheKeyOf('visitor', host, '/'), host).toBeDefined();
    }
  });

  it('never finds a member answer with a visitor key, whatever the Host, URL or Referer spell', () => {
    const cache = createPageCache({ maxAgeMs: 5000, maxBytes: 10_000 });
    const kept = memberCacheKey('demo.localhost:4321', '/console')!;
    cache.put(kept, { ...answer(1), cacheControl: null, forOrganisers: true }, cache.epoch());
    expect(cache.get(kept)).toBeDefined();
    // The forgery of the third review: the member key was the text 'member ' before a visitor's key.
    for (const [host, url] of [['member demo.localhost:4321', '/console'], ['demo.localhost:4321', '/console'], ['member', 'demo.localhost:4321 /console']] as const) {
      const visitorKey = cacheKeyOf('visitor', host, url);
      if (visitorKey) expect(cache.get(visitorKey)).toBeUndefined();
    }
    // Even a visitor key spelled with the member entry's own text finds nothing: the entry records its audience.
    expect(cache.get({ audience: 'visitor', id: kept.id })).toBeUndefined();
    // A call's platform (from the Referer) is its own field: no Referer turns a page's key into a call's.
    expect(memberCacheKey('demo.localhost', '/api/x', 'http://demo.localhost/webapp')).not.toEqual(memberCacheKey('demo.localhost', '/api/x'));
  });

  it('reads s-maxage before max-age', () => {
    expect(sharedMaxAge('public, max-age=60, s-maxage=30')).toBe(30);
    expect(sharedMaxAge('public, max-age=60')).toBe(60);
    expect(sharedMaxAge('private, no-cache')).toBeUndefined();
    expect(sharedMaxAge(null)).toBeUndefined();
  });

  it('keeps an entry for the shorter of its max-age and the cap', () => {
    let now = 0;
    const cache = createPageCache({ maxAgeMs: 5000, maxBytes: 10_000, now: () => now });
    cache.put(k('long'), answer(1), cache.epoch());
    cache.put(k('short'), answer(1, 100, 'public, max-age=2'), cache.epoch());
    cache.put(k('none'), answer(1, 100, 'private, no-cache'), cache.epoch());
    expect(cache.put(k('zero'), answer(1, 100, 'public, max-age=0'), cache.epoch())).toBe(false);
    now = 1999;
    expect(cache.get(k('short'))).toBeDefined();
    now = 2000;
    expect(cache.get(k('short'))).toBeUndefined();
    now = 4999;
    expect(cache.get(k('long'))).toBeDefined();
    expect(cache.get(k('none'))).toBeDefined();
    now = 5000;
    expect(cache.get(k('long'))).toBeUndefined();
    expect(cache.get(k('none'))).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('drops every entry of an event at once on a `stored` or `live` change, and refuses a render that started before a drop', () => {
    const cache = createPageCache({ maxAgeMs: 5000, maxBytes: 10_000 });
    cache.put(k('a1'), answer(1), cache.epoch());
    cache.put(k('a2'), answer(1), cache.epoch());
    cache.put(k('b'), answer(2), cache.epoch());
    cache.drop(1, 'live');
    expect(cache.get(k('a1'))).toBeUndefined();
    cache.put(k('a1'), answer(1), cache.epoch());
    const started = cache.epoch();
    cache.drop(1, 'stored');
    expect(cache.get(k('a1'))).toBeUndefined();
    expect(cache.get(k('a2'))).toBeUndefined();
    expect(cache.get(k('b'))).toBeDefined();
    expect(cache.put(k('a1'), answer(1), started)).toBe(false);
    expect(cache.put(k('a1'), answer(1), cache.epoch())).toBe(true);
  });

  it('drops on a `polls` change only the answers that show live polls (stage, web app, console, livePolls), and nothing on `timeline` or `people`', () => {
    const cache = createPageCache({ maxAgeMs: 5000, maxBytes: 100_000 });
    const routes = ['/stage', '/webapp', '/console', '/api/liveEvent/:eventId/livePolls', '/agendaIframe', '/api/liveEvent/:eventId/liveGetSpeakerInfo', '/'];
    for (const route of routes) cache.put(k(route), { ...answer(1), route }, cache.epoch());
    cache.put(k('other-stage'), { ...answer(2), route: '/stage' }, cache.epoch());
    for (const scope of ['timeline', 'people'] as const) {
      const before = cache.epoch();
      cache.drop(1, scope);
      expect(cache.epoch()).toBe(before);
    }
    expect(routes.filter((route) => cache.get(k(route)) !== undefined)).toEqual(routes);
    cache.drop(1, 'polls');
    expect(routes.filter((route) => cache.get(k(route)) !== undefined)).toEqual(['/agendaIframe', '/api/liveEvent/:eventId/liveGetSpeakerInfo', '/']);
    expect([...POLL_ANSWER_ROUTES].every((route) => cache.get(k(route)) === undefined)).toBe(true);
    expect(cache.get(k('other-stage'))).toBeDefined();
  });

  it('names in POLL_ANSWER_ROUTES only pages and calls that are kept, by the patterns their tables declare', () => {
    const kept = new Map([...Object.entries(PAGES).map(([route, rules]) => [route, rules.cache] as const), ...ROUTES.map((r) => [r.path, r.cache] as const)]);
    for (const route of POLL_ANSWER_ROUTES) expect([route, kept.get(route)]).toEqual([route, expect.stringMatching(/^(member|organiser|visitor)$/)]);
  });

  it('holds at most its byte budget, least recently used out first', () => {
    const cache = createPageCache({ maxAgeMs: 5000, maxBytes: 1000 });
    const size = 300 + 'content-type'.length + 'text/html'.length;
    for (const key of ['a', 'b', 'c']) cache.put(k(key), answer(1, 300), cache.epoch());
    expect(cache.stats().bytes).toBe(3 * size);
    cache.get(k('a'));
    cache.put(k('d'), answer(1, 300), cache.epoch());
    expect(cache.get(k('b'))).toBeUndefined();
    expect(cache.get(k('a'))).toBeDefined();
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: 3 * size });
    expect(cache.put(k('huge'), answer(1, 2000), cache.epoch())).toBe(false);
  });

  it('is off with a cap of 0', () => {
    expect(createPageCache({ maxAgeMs: 0, maxBytes: 1000 }).enabled).toBe(false);
  });
});
