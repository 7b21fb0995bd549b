import type { ViewerTemplate } from './viewer-template';

/*
 * The node-local response cache (docs/http-cache.md): final 200 answers that are the
 * same for every visitor, kept per host and URL so that server.mjs answers the next anonymous
 * request for them without running Astro. middleware/http-cache.ts stores them;
 * page-cache-serve.ts serves them.
 *
 * An entry ends at the first of: its lifetime (the answer's own max-age, never more than the
 * node's cap), a data change of its event announced by any node (the broker's data-change
 * message, the one that drops read models; bookings send it too, for seats left), or eviction
 * when the entries hold more than the byte budget (least recently used first).
 */

/** A page kept for every member (viewer-template.ts): the page split at its holes, its CSP split at the nonce. */
export interface KeptPageTemplate {
  page: ViewerTemplate;
  csp: string[];
}

/** One stored answer: always a 200 to GET, body uncompressed (compressed variants live in CompressedBodies). */
export interface CachedAnswer {
  eventId: number;
  /** For an answer kept for the event's members: the event version it was built from (served only while it is current). */
  eventVersion?: number;
  /** For a page kept for members: filled per request, `body` then holds the rendered page only to count its size. */
  template?: KeptPageTemplate;
  /** The route pattern, for /metrics. */
  route: string;
  /** Every header of the answer but content-encoding and content-length (set per variant). */
  headers: Record<string, string>;
  body: Uint8Array;
  etag: string;
  contentType: string;
  expiresAt: number;
  /** Bytes held: body plus headers. */
  size: number;
}

export type StoredAnswer = Omit<CachedAnswer, 'expiresAt' | 'size'> & { cacheControl: string | null };

export interface PageCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  stores: number;
  drops: number;
}

export interface PageCache {
  readonly enabled: boolean;
  get(key: string): CachedAnswer | undefined;
  /**
   * Keeps `answer` under `key` unless any event was dropped since `epoch` (then the render may
   * predate the change) or it may not be kept at all (max-age 0, too large, cache off).
   */
  put(key: string, answer: StoredAnswer, epoch: number): boolean;
  /** Changes with every drop; read it before rendering and pass it to put. */
  epoch(): number;
  dropEvent(eventId: number): void;
  /** Drops every answer (the broker was away: a change message may have been lost). */
  dropAll(): void;
  stats(): PageCacheStats;
}

/** The key of a request: its Host (the event) and its raw path and query. */
export function pageCacheKey(host: string | undefined, url: string | undefined): string | undefined {
  if (!host || !url) return undefined;
  return `${host.toLowerCase()} ${url}`;
}

/** Seconds a shared cache may keep the answer (s-maxage before max-age), undefined when it says none. */
export function sharedMaxAge(cacheControl: string | null): number | undefined {
  if (!cacheControl) return undefined;
  const found = /\bs-maxage=(\d+)/.exec(cacheControl) ?? /\bmax-age=(\d+)/.exec(cacheControl);
  return found ? Number(found[1]) : undefined;
}

interface Options {
  /** The longest an entry lives, whatever its max-age; 0 turns the cache off. */
  maxAgeMs: number;
  /** Budget for bodies and headers held. */
  maxBytes: number;
  now?: () => number;
}

export function createPageCache({ maxAgeMs, maxBytes, now = () => performance.now() }: Options): PageCache {
  const entries = new Map<string, CachedAnswer>();
  const keysByEvent = new Map<number, Set<string>>();
  let bytes = 0;
  let epoch = 0;
  const counts = { hits: 0, stores: 0, drops: 0 };

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.size;
    const keys = keysByEvent.get(entry.eventId);
    keys?.delete(key);
    if (keys?.size === 0) keysByEvent.delete(entry.eventId);
  }

  return {
    enabled: maxAgeMs > 0 && maxBytes > 0,

    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        remove(key);
        return undefined;
      }
      // Most recently used last: eviction takes from the front.
      entries.delete(key);
      entries.set(key, entry);
      counts.hits += 1;
      return entry;
    },

    put(key, answer, since) {
      if (since !== epoch) return false;
      const maxAge = sharedMaxAge(answer.cacheControl);
      const lifetime = Math.min(maxAgeMs, maxAge === undefined ? maxAgeMs : maxAge * 1000);
      const { cacheControl: _, ...kept } = answer;
      const deflated = answer.template?.page.deflated.reduce((sum, part) => sum + part.bytes.byteLength, 0) ?? 0;
      const size = answer.body.byteLength + deflated + Object.entries(answer.headers).reduce((sum, [name, value]) => sum + name.length + value.length, 0);
      if (lifetime <= 0 || size > maxBytes) return false;
      remove(key);
      entries.set(key, { ...kept, expiresAt: now() + lifetime, size });
      bytes += size;
      let keys = keysByEvent.get(answer.eventId);
      if (!keys) keysByEvent.set(answer.eventId, keys = new Set());
      keys.add(key);
      counts.stores += 1;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        remove(oldest);
      }
      return true;
    },

    epoch: () => epoch,

    dropEvent(eventId) {
      epoch += 1;
      counts.drops += 1;
      for (const key of keysByEvent.get(eventId) ?? []) remove(key);
    },

    dropAll() {
      epoch += 1;
      counts.drops += 1;
      entries.clear();
      keysByEvent.clear();
      bytes = 0;
    },

    stats: () => ({ entries: entries.size, bytes, ...counts }),
  };
}
