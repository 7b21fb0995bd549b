import { describe, expect, it } from 'vitest';
import { createPageCache, pageCacheKey, sharedMaxAge, type StoredAnswer } from '~/server/http/page-cache';

const answer = (eventId: number, bytes = 100, cacheControl: string | null = 'public, max-age=60'): StoredAnswer => ({
  eventId, route: '/agendaIframe', headers: { 'content-type': 'text/html' }, body: new Uint8Array(bytes), etag: '"x"', contentType: 'text/html', cacheControl,
});

describe('page cache', () => {
  it('keys by host (case-insensitive) and raw URL, so events never share an entry', () => {
    expect(pageCacheKey('Demo.localhost:4321', '/agendaIframe?a=1')).toBe('demo.localhost:4321 /agendaIframe?a=1');
    expect(pageCacheKey('a.localhost', '/x')).not.toBe(pageCacheKey('b.localhost', '/x'));
    expect(pageCacheKey(undefined, '/x')).toBeUndefined();
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
    cache.put('long', answer(1), cache.epoch());
    cache.put('short', answer(1, 100, 'public, max-age=2'), cache.epoch());
    cache.put('none', answer(1, 100, 'private, no-cache'), cache.epoch());
    expect(cache.put('zero', answer(1, 100, 'public, max-age=0'), cache.epoch())).toBe(false);
    now = 1999;
    expect(cache.get('short')).toBeDefined();
    now = 2000;
    expect(cache.get('short')).toBeUndefined();
    now = 4999;
    expect(cache.get('long')).toBeDefined();
    expect(cache.get('none')).toBeDefined();
    now = 5000;
    expect(cache.get('long')).toBeUndefined();
    expect(cache.get('none')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('drops every entry of an event at once, and refuses a render that started before a drop', () => {
    const cache = createPageCache({ maxAgeMs: 5000, maxBytes: 10_000 });
    cache.put('a1', answer(1), cache.epoch());
    cache.put('a2', answer(1), cache.epoch());
    cache.put('b', answer(2), cache.epoch());
    const started = cache.epoch();
    cache.dropEvent(1);
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    expect(cache.put('a1', answer(1), started)).toBe(false);
    expect(cache.put('a1', answer(1), cache.epoch())).toBe(true);
  });

  it('holds at most its byte budget, least recently used out first', () => {
    const cache = createPageCache({ maxAgeMs: 5000, maxBytes: 1000 });
    const size = 300 + 'content-type'.length + 'text/html'.length;
    for (const key of ['a', 'b', 'c']) cache.put(key, answer(1, 300), cache.epoch());
    expect(cache.stats().bytes).toBe(3 * size);
    cache.get('a');
    cache.put('d', answer(1, 300), cache.epoch());
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: 3 * size });
    expect(cache.put('huge', answer(1, 2000), cache.epoch())).toBe(false);
  });

  it('is off with a cap of 0', () => {
    expect(createPageCache({ maxAgeMs: 0, maxBytes: 1000 }).enabled).toBe(false);
  });
});
