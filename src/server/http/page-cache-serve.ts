import type { IncomingMessage, ServerResponse } from 'node:http';
import { chooseEncoding, compressedBodies, ifNoneMatchHits, NOT_MODIFIED_HEADERS } from './http-cache';
import type { AuthUser } from '~/contracts/login';
import { memberCacheKey, sessionTokenOf } from './member-answers';
import { cacheKeyOf, type CacheKey, type CachedAnswer, type PageCache } from './page-cache';

/** What the edge hands the router and Astro as locals; a miss that may be kept carries its key and epoch to whoever renders it. */
export interface PageCacheLocals {
  route?: string;
  pageCacheKey?: CacheKey;
  pageCacheEpoch?: number;
  /** A signed-in GET: where the middleware may keep an answer the same for every member (member-answers.ts). */
  memberCacheKey?: CacheKey;
}

/** What serving a member answer must know: the host's event at its current version, and whether a token is a live session of it. */
export interface MemberCheck {
  eventOf(host: string | undefined): Promise<{ eventId: number; version: number } | undefined>;
  /** The user of a live session of the event, as the auth guard finds them. */
  viewerOf(token: string, eventId: number): Promise<AuthUser | undefined>;
}

/** Marks hits, so tests and operators can tell them from renders. */
const HIT = 'hit';

/**
 * The one saved-answer lookup (docs/http-cache.md), for pages and calls alike, in the edge
 * (src/server/edge.ts) before the router: an anonymous GET or HEAD (no Cookie, no
 * Authorization) is answered from the node's response cache; a signed-in one whose answer is kept
 * for the event's members is answered once the host's event is still at the version the answer
 * was built from and the request's token is a live session of that event, checked as the guards
 * check it (one read of the token: a logout is seen at once); one kept for the event's organisers
 * also needs the session's user to be one. Otherwise `next` answers (the router, then the pages),
 * and a GET carries in `locals` the key its answer may be kept under.
 */
export function serveKeptAnswer(
  cache: PageCache, check: MemberCheck, req: IncomingMessage, res: ServerResponse, locals: PageCacheLocals, next: () => void,
): void {
  if (!cache.enabled || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
  const anonymous = req.headers.cookie === undefined && req.headers.authorization === undefined;
  const token = anonymous ? undefined : sessionTokenOf(req);
  const key = anonymous ? cacheKeyOf('visitor', req.headers.host, req.url) : token === undefined ? undefined : memberCacheKey(req.headers.host, req.url, req.headers.referer);
  if (!key) return next();
  /** The request is answered by a render: a GET may leave its answer under the key. */
  const render = () => {
    if (req.method === 'GET') {
      if (anonymous) locals.pageCacheKey = key;
      else locals.memberCacheKey = key;
      locals.pageCacheEpoch = cache.epoch();
    }
    next();
  };
  const entry = cache.get(key);
  if (!entry) return render();
  if (anonymous) {
    locals.route = entry.route;
    return sendKept(req, res, entry);
  }
  void (async () => {
    const event = await check.eventOf(req.headers.host);
    const isCurrent = event !== undefined && event.eventId === entry.eventId && event.version === entry.eventVersion;
    return isCurrent ? check.viewerOf(token!, event.eventId) : undefined;
  })().then((viewer) => {
    if (res.destroyed) return;
    if (viewer && (entry.forOrganisers !== true || viewer.isOrganiser)) {
      locals.route = entry.route;
      return sendKept(req, res, entry);
    }
    render();
  }, () => { if (!res.destroyed) next(); });
}

/** A 304 when If-None-Match names the ETag the answer was sent with (a member JSON answer sends none), else the 200. */
function sendKept(req: IncomingMessage, res: ServerResponse, entry: CachedAnswer): void {
  if (entry.headers['etag'] !== undefined && ifNoneMatchHits(req.headers['if-none-match'] ?? null, entry.etag)) {
    const kept: Record<string, string> = { 'x-cache': HIT };
    for (const name of NOT_MODIFIED_HEADERS) if (entry.headers[name] !== undefined) kept[name] = entry.headers[name];
    res.writeHead(304, kept).end();
    return;
  }
  sendVariant(req, res, entry);
}

/** The 200 in the variant Accept-Encoding asks for (for a member answer, which carries no ETag, the only answer). */
function sendVariant(req: IncomingMessage, res: ServerResponse, entry: CachedAnswer): void {
  const encoding = chooseEncoding(req.headers['accept-encoding'] ?? null, entry.contentType, entry.body.length);
  if (!encoding) return send(req, res, entry, entry.body);
  compressedBodies.get(entry.etag, encoding, entry.body).then(
    (bytes) => send(req, res, entry, bytes, encoding),
    () => send(req, res, entry, entry.body),
  );
}

function send(req: IncomingMessage, res: ServerResponse, entry: CachedAnswer, bytes: Uint8Array, encoding?: string): void {
  if (res.destroyed) return;
  const headers: Record<string, string | number> = { ...entry.headers, 'x-cache': HIT, 'content-length': bytes.length };
  if (encoding) headers['content-encoding'] = encoding;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}
