import type { DataChangeScope } from '~/server/realtime/data-change';
import { boundedCache } from '~/server/shared/bounded-cache';
import { isValidHost } from './request-host';

/*
 * The node-local response cache (docs/http-cache.md): final 200 answers that are the same for
 * every visitor, or for every member of an event, kept per host and URL so that server.mjs
 * answers the next request for them without running Astro. middleware/http-cache.ts stores them;
 * page-cache-serve.ts serves them.
 *
 * An entry ends at the first of: its lifetime (the answer's own max-age, never more than the
 * node's cap), a data change of its event announced by any node that reaches it (the broker's
 * data-change message, the one that drops read models: `stored` and `live` reach every answer of
 * the event, `polls` those that show which polls are live), or eviction when the entries hold
 * more than the byte budget (least recently used first).
 */

/**
 * The kept answers that show the event's live polls, by the route pattern they were kept under
 * (page table, route table): the stage's and web app's "Live now" strip, the console's poll list,
 * the livePolls call. A console's poll control (data-change `polls`) drops these and no other.
 */
export const POLL_ANSWER_ROUTES: ReadonlySet<string> = new Set(['/stage', '/webapp', '/console', '/api/liveEvent/:eventId/livePolls']);

/** The kept answers of its event each data-change scope drops: all, none, or those of some routes. */
const ANSWERS_DROPPED: Record<DataChangeScope, 'all' | 'none' | ReadonlySet<string>> = {
  stored: 'all', live: 'all', polls: POLL_ANSWER_ROUTES, timeline: 'none', people: 'none', admission: 'none',
};

/**
 * Who a kept answer is for: every visitor (served to a request without a cookie or a token), or
 * every member of its event (served once the request's session is checked; one kept for the
 * organisers says so, `forOrganisers`).
 */
export type Audience = 'visitor' | 'member';

/**
 * Where an answer is kept. Only cacheKeyOf builds one: the audience is the code's choice, never a
 * request's, and the request's parts are JSON-encoded, so no Host, URL or Referer spells another
 * audience's key; an entry also records its audience and is found only by a key of that audience.
 */
export interface CacheKey {
  readonly audience: Audience;
  readonly id: string;
}

/** One stored answer: always a 200 to GET, body uncompressed (compressed variants live in CompressedBodies). */
export interface CachedAnswer {
  audience: Audience;
  eventId: number;
  /** For an answer kept for the event's members: the event version it was built from (served only while it is current). */
  eventVersion?: number;
  /** Kept for the event's organisers only (`cache: 'organiser'`): served to an organiser's session alone. */
  forOrganisers?: boolean;
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

export type StoredAnswer = Omit<CachedAnswer, 'audience' | 'expiresAt' | 'size'> & { cacheControl: string | null };

export interface PageCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  stores: number;
  drops: number;
}

export interface PageCache {
  readonly enabled: boolean;
  /** The live answer kept under `key` for `key`'s audience. */
  get(key: CacheKey): CachedAnswer | undefined;
  /**
   * Keeps `answer` under `key` unless any event was dropped since `epoch` (then the render may
   * predate the change) or it may not be kept at all (max-age 0, too large, cache off).
   */
  put(key: CacheKey, answer: StoredAnswer, epoch: number): boolean;
  /** Changes with every drop; read it before rendering and pass it to put. */
  epoch(): number;
  /** Drops the event's answers a data change of `scope` reaches (ANSWERS_DROPPED); a render in progress is then not kept. */
  drop(eventId: number, scope: DataChangeScope): void;
  /** Drops every answer (the broker was away: a change message may have been lost). */
  dropAll(): void;
  stats(): PageCacheStats;
}

/**
 * The key of a request's answer for `audience`: its Host (the event; lower-cased, and none when it
 * is not a valid host name), its raw path and query, and for a member's call the calling page's
 * platform (member-answers.ts).
 */
export function cacheKeyOf(audience: Audience, host: string | null | undefined, url: string | undefined, platform?: string): CacheKey | undefined {
  if (!url || !isValidHost(host)) return undefined;
  return { audience, id: JSON.stringify([audience, host.toLowerCase(), url, platform ?? null]) };
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
  const entries = boundedCache<string, CachedAnswer>({ maxBytes, sizeOf: (entry) => entry.size });
  let epoch = 0;
  const counts = { hits: 0, stores: 0, drops: 0 };

  return {
    enabled: maxAgeMs > 0 && maxBytes > 0,

    get(key) {
      const entry = entries.get(key.id);
      if (!entry || entry.audience !== key.audience) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key.id);
        return undefined;
      }
      counts.hits += 1;
      return entry;
    },

    put(key, answer, since) {
      if (since !== epoch) return false;
      const maxAge = sharedMaxAge(answer.cacheControl);
      const lifetime = Math.min(maxAgeMs, maxAge === undefined ? maxAgeMs : maxAge * 1000);
      const { cacheControl: _, ...kept } = answer;
      const size = answer.body.byteLength + Object.entries(answer.headers).reduce((sum, [name, value]) => sum + name.length + value.length, 0);
      if (lifetime <= 0 || size > maxBytes) return false;
      entries.set(key.id, { ...kept, audience: key.audience, expiresAt: now() + lifetime, size });
      counts.stores += 1;
      return true;
    },

    epoch: () => epoch,

    drop(eventId, scope) {
      const dropped = ANSWERS_DROPPED[scope];
      if (dropped === 'none') return;
      epoch += 1;
      counts.drops += 1;
      const gone: string[] = [];
      for (const [key, entry] of entries.entries()) if (entry.eventId === eventId && (dropped === 'all' || dropped.has(entry.route))) gone.push(key);
      for (const key of gone) entries.delete(key);
    },

    dropAll() {
      epoch += 1;
      counts.drops += 1;
      entries.clear();
    },

    stats: () => ({ entries: entries.size, bytes: entries.calculatedSize, ...counts }),
  };
}
