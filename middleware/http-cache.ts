import type { Guard } from './chain';
import { app } from '~/server/app';
import { REVALIDATE } from '~/server/http/cache-headers';
import { isShareable, shareableHeaders, strongEtag, validatedAnswer } from '~/server/http/http-cache';
import type { PageCacheLocals } from '~/server/http/page-cache-serve';
import { pageRulesOf } from '~/server/routes/page-table';

/** Bodies this layer validates and compresses; streams, files and media pass through untouched. */
const CACHEABLE_TYPE = /^(text\/html|application\/json|application\/manifest\+json)/;
/** An answer larger than this is not held in memory to be hashed. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * HTTP caching (docs/http-cache.md). A 200 to GET whose bytes are the same for every visitor
 * (public calls and iframe pages, and pages without a signed-in user) or for every member of the
 * event (the page table's `member` pages; every page's CSP lists script hashes, never a nonce:
 * middleware/security-headers.ts) gets a strong ETag from its body and a 304 when If-None-Match
 * names it; its br/gzip body is compressed once per ETag and kept. Anything else a signed-in user
 * gets without a policy becomes `private, no-cache`, so a personal answer is never `public`;
 * server.mjs still compresses those. Such an answer is also kept in the node's response cache
 * (keep) under the key server.mjs passed.
 */
export const httpCache: Guard = async (context, next) => {
  const response = await next();
  const { method, headers: request } = context.request;
  if ((method !== 'GET' && method !== 'HEAD') || response.status !== 200) return response;
  const signedIn = context.locals.user !== undefined;
  const locals: App.Locals & PageCacheLocals = context.locals;
  const isMemberPage = signedIn && isKeptForViewer(locals);
  const policy = response.headers.get('cache-control');
  if (!isShareable(response, policy, signedIn && !isMemberPage) || !response.body || !CACHEABLE_TYPE.test(response.headers.get('content-type') ?? '')
    || Number(response.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) {
    if (signedIn && policy === null) return withHeader(response, REVALIDATE['cache-control']);
    return response;
  }

  const body = new Uint8Array(await response.arrayBuffer());
  const etag = strongEtag(body);
  const headers = shareableHeaders(response.headers, etag);
  if (method === 'GET') keep(context.locals, headers, body, etag, /\bpublic\b/.test(response.headers.get('cache-control') ?? ''));
  return validatedAnswer(method, request, headers, body, etag);
};

/**
 * Stores the answer in the node's response cache: for an anonymous request (server.mjs passed
 * `pageCacheKey`) one of a public policy or a page the page table keeps for every visitor; for a member's
 * (`memberCacheKey`: served only after their session is checked) a page the same for every
 * member, for this event version.
 */
function keep(locals: App.Locals & PageCacheLocals, headers: Headers, body: Uint8Array, etag: string, isPublic: boolean): void {
  const { pageCacheEpoch: epoch, event, route, user } = locals;
  if (epoch === undefined || !event || !route || headers.has('set-cookie')) return;
  const kept = keptHeaders(headers);
  const answer = { eventId: event.eventId, route, headers: kept, body, etag, contentType: headers.get('content-type') ?? '' };
  if (!user && locals.pageCacheKey !== undefined && (isPublic || pageRulesOf(route).cache === 'visitor')) {
    app().pageCache.put(locals.pageCacheKey, { ...answer, cacheControl: headers.get('cache-control') }, epoch);
  } else if (user && locals.memberCacheKey !== undefined && isKeptForViewer(locals)) {
    // Its policy (private, no-cache) says nothing of how long the node may keep it: the cache's own lifetime.
    const forOrganisers = pageRulesOf(route).cache === 'organiser';
    app().pageCache.put(locals.memberCacheKey, { ...answer, eventVersion: event.version, forOrganisers, cacheControl: null }, epoch);
  }
}

/** A page the page table keeps for every member, or for the organisers when the viewer is one of this event's. */
function isKeptForViewer({ route, user, event }: App.Locals & PageCacheLocals): boolean {
  const cache = pageRulesOf(route ?? '').cache;
  return cache === 'member' || (cache === 'organiser' && user !== undefined && user.isOrganiser && user.eventId === event?.eventId);
}

/** The headers a kept answer is served with: all but its length and encoding, which are set per variant. */
function keptHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of headers) if (name !== 'content-length' && name !== 'content-encoding') kept[name] = value;
  return kept;
}

function withHeader(response: Response, cacheControl: string): Response {
  try {
    response.headers.set('cache-control', cacheControl);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set('cache-control', cacheControl);
    return copy;
  }
}
