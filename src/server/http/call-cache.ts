import { app } from '~/server/app';
import { answerBytes, bytesAnswer, hasBody } from './answer-bytes';
import type { CacheClass } from './route-rules';
import { REVALIDATE } from './cache-headers';
import { chooseEncoding, compressedBodies, ifNoneMatchHits, isShareable, notModified, shareableHeaders, strongEtag, validatedAnswer } from './http-cache';
import { memberCacheKey } from './member-answers';
import { cacheKeyOf, type CacheKey, type CachedAnswer } from './page-cache';

/*
 * HTTP caching of calls (docs/http-cache.md), by the route's declared cache class: answers the
 * same for every visitor are kept per host and URL and served to requests without a cookie or a
 * token; answers the same for every member are kept per host, URL and event version and served
 * once the guards accepted the caller's session. A shareable 200 (a public policy, or none and
 * nobody signed in) gets a strong ETag from its bytes and a 304 when If-None-Match names it.
 */

/** Bodies worth hashing and compressing; files and streams pass through untouched. */
const CACHEABLE_TYPE = /^(application\/json|application\/manifest\+json)/;
const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Marks answers from the cache, so tests and operators can tell them from renders. */
const HIT = 'hit';

/** Where a call's answer may be kept once rendered: its key and the cache's epoch before the render. */
export interface KeepSlot {
  key: CacheKey;
  epoch: number;
}

/** A lookup's outcome: the kept answer, or where the rendered one may be kept. */
export type CacheLookup = { hit: Promise<Response> } | { slot: KeepSlot } | undefined;

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** A kept answer for an anonymous read of a call the same for every visitor, else where a GET may keep its answer. */
export function visitorAnswer(cache: CacheClass, request: Request, rawUrl: string): CacheLookup {
  const { pageCache } = app();
  if (cache !== 'visitor' || !pageCache.enabled || !isRead(request.method)) return undefined;
  if (request.headers.has('cookie') || request.headers.has('authorization')) return undefined;
  const key = cacheKeyOf('visitor', request.headers.get('host'), rawUrl);
  if (!key) return undefined;
  const entry = pageCache.get(key);
  if (entry) return { hit: servedFromCache(request, entry) };
  return request.method === 'GET' ? { slot: { key, epoch: pageCache.epoch() } } : undefined;
}

/** A kept answer for a member's read of a call the same for every member, while the event is at the version it was built from. */
export function memberAnswer(cache: CacheClass, request: Request, rawUrl: string, event: { eventId: number; version: number }): CacheLookup {
  const { pageCache } = app();
  if (cache !== 'member' || !pageCache.enabled || !isRead(request.method)) return undefined;
  // A call without `?platform=` is for the calling page's platform: part of the key (member-answers.ts).
  const memberKey = memberCacheKey(request.headers.get('host'), rawUrl, request.headers.get('referer'));
  if (!memberKey) return undefined;
  const entry = pageCache.get(memberKey);
  if (entry && entry.eventId === event.eventId && entry.eventVersion === event.version) return { hit: servedFromCache(request, entry) };
  return request.method === 'GET' ? { slot: { key: memberKey, epoch: pageCache.epoch() } } : undefined;
}

/**
 * The answer as it leaves: a shareable 200 to a read gets its ETag, a 304 or its compressed
 * variant, and is kept in `slot` when there is one; a signed-in answer without a policy becomes
 * `private, no-cache`, so a personal answer is never public.
 */
export async function cacheable(request: Request, response: Response, isSignedIn: boolean, slot: KeepSlot | undefined, keep: Omit<StoredFields, 'etag'>): Promise<Response> {
  if (!isRead(request.method) || response.status !== 200) return response;
  if (slot?.key.audience === 'member') return keepForMembers(slot, response, keep);
  const policy = response.headers.get('cache-control');
  if (!isShareable(response, policy, isSignedIn) || !hasBody(response) || !CACHEABLE_TYPE.test(response.headers.get('content-type') ?? '')
    || Number(response.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) {
    if (isSignedIn && policy === null) response.headers.set('cache-control', REVALIDATE['cache-control']);
    return response;
  }
  const body = await answerBytes(response);
  const etag = strongEtag(body);
  const headers = shareableHeaders(response.headers, etag);
  if (slot && /\bpublic\b/.test(policy ?? '')) {
    app().pageCache.put(slot.key, { ...keep, headers: keptHeaders(headers), body, etag, contentType: headers.get('content-type') ?? '', cacheControl: headers.get('cache-control') }, slot.epoch);
  }
  return validatedAnswer(request.method, request.headers, headers, body, etag);
}

/** What a kept answer records besides its bytes. */
export interface StoredFields {
  eventId: number;
  eventVersion?: number;
  route: string;
  etag: string;
}

/** A member answer is kept as it was sent (its policy stays no-store: it is for members only), without an ETag. */
async function keepForMembers(slot: KeepSlot, response: Response, keep: Omit<StoredFields, 'etag'>): Promise<Response> {
  if (!hasBody(response) || response.headers.has('set-cookie') || response.headers.has('content-encoding')
    || !/^application\/json/.test(response.headers.get('content-type') ?? '')) return response;
  const body = await answerBytes(response);
  const headers = keptHeaders(response.headers);
  app().pageCache.put(slot.key, { ...keep, headers, body, etag: strongEtag(body), contentType: headers['content-type'] ?? '', cacheControl: null }, slot.epoch);
  return bytesAnswer(body, { status: response.status, headers: response.headers });
}

async function servedFromCache(request: Request, entry: CachedAnswer): Promise<Response> {
  const headers = new Headers(entry.headers);
  headers.set('x-cache', HIT);
  if (entry.etag && entry.eventVersion === undefined && ifNoneMatchHits(request.headers.get('if-none-match'), entry.etag)) return notModified(headers, ['x-cache']);
  const encoding = chooseEncoding(request.headers.get('accept-encoding'), entry.contentType, entry.body.length);
  const send = (bytes: Uint8Array) => {
    if (encoding && bytes !== entry.body) headers.set('content-encoding', encoding);
    headers.set('content-length', String(bytes.length));
    return request.method === 'HEAD' ? new Response(null, { status: 200, headers }) : bytesAnswer(bytes, { status: 200, headers });
  };
  if (!encoding) return send(entry.body);
  return compressedBodies.get(entry.etag, encoding, entry.body).then(send, () => send(entry.body));
}

/** The headers a kept answer is served with: all but its length and encoding, which are set per variant. */
function keptHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of headers) if (name !== 'content-length' && name !== 'content-encoding') kept[name] = value;
  return kept;
}
