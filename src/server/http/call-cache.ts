import { app } from '~/server/app';
import { answerBytes, bytesAnswer, hasBody } from './answer-bytes';
import type { CacheClass } from './route-rules';
import { REVALIDATE } from './cache-headers';
import { isShareable, shareableHeaders, strongEtag, validatedAnswer } from './http-cache';
import type { PageCacheLocals } from './page-cache-serve';
import type { CacheKey } from './page-cache';

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
const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** Where a call's answer may be kept once rendered: its key and the cache's epoch before the render. */
export interface KeepSlot {
  key: CacheKey;
  epoch: number;
}

/**
 * Where a call's answer may be kept: the edge's lookup missed and left the key (docs/http-cache.md),
 * for an anonymous read of a call the same for every visitor, or an admitted member's read of a
 * call the same for every member.
 */
export function keepSlotOf(cache: CacheClass, locals: App.Locals & PageCacheLocals): KeepSlot | undefined {
  const epoch = locals.pageCacheEpoch;
  if (epoch === undefined) return undefined;
  if (cache === 'visitor' && locals.pageCacheKey) return { key: locals.pageCacheKey, epoch };
  if (cache === 'member' && locals.memberCacheKey && locals.user !== undefined) return { key: locals.memberCacheKey, epoch };
  return undefined;
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

/** The headers a kept answer is served with: all but its length and encoding, which are set per variant. */
function keptHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of headers) if (name !== 'content-length' && name !== 'content-encoding') kept[name] = value;
  return kept;
}
