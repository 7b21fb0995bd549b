import type { IncomingMessage, ServerResponse } from 'node:http';
import { chooseEncoding, compressedBodies, ifNoneMatchHits, NOT_MODIFIED_HEADERS } from './http-cache';
import { pageCacheKey, type CachedAnswer, type PageCache } from './page-cache';

/** What server.mjs hands Astro as locals; a miss that may be stored carries its key and epoch to the middleware. */
export interface PageCacheLocals {
  route?: string;
  pageCacheKey?: string;
  pageCacheEpoch?: number;
}

/** Marks hits, so tests and operators can tell them from renders. */
const HIT = 'hit';

/**
 * server.mjs, before Astro (issue 12, docs/http-cache.md): answers an anonymous GET or HEAD (no
 * Cookie, no Authorization) from the node's response cache, with 304 to a matching
 * If-None-Match and the br/gzip variant Accept-Encoding asks for. Returns false when Astro must
 * answer; a GET that may be stored then carries its key in `locals`.
 */
export function servePageFromCache(cache: PageCache, req: IncomingMessage, res: ServerResponse, locals: PageCacheLocals): boolean {
  if (!cache.enabled || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  if (req.headers.cookie !== undefined || req.headers.authorization !== undefined) return false;
  const key = pageCacheKey(req.headers.host, req.url);
  if (!key) return false;
  const entry = cache.get(key);
  if (!entry) {
    if (req.method === 'GET') {
      locals.pageCacheKey = key;
      locals.pageCacheEpoch = cache.epoch();
    }
    return false;
  }
  locals.route = entry.route;
  if (ifNoneMatchHits(req.headers['if-none-match'] ?? null, entry.etag)) {
    const kept: Record<string, string> = { 'x-cache': HIT };
    for (const name of NOT_MODIFIED_HEADERS) if (entry.headers[name] !== undefined) kept[name] = entry.headers[name];
    res.writeHead(304, kept).end();
    return true;
  }
  const encoding = chooseEncoding(req.headers['accept-encoding'] ?? null, entry.contentType, entry.body.length);
  if (!encoding) {
    send(req, res, entry, entry.body);
    return true;
  }
  compressedBodies.get(entry.etag, encoding, entry.body).then(
    (bytes) => send(req, res, entry, bytes, encoding),
    () => send(req, res, entry, entry.body),
  );
  return true;
}

function send(req: IncomingMessage, res: ServerResponse, entry: CachedAnswer, bytes: Uint8Array, encoding?: string): void {
  if (res.destroyed) return;
  const headers: Record<string, string | number> = { ...entry.headers, 'x-cache': HIT, 'content-length': bytes.length };
  if (encoding) headers['content-encoding'] = encoding;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}
