import type { Guard } from './chain';
import { app } from '~/server/app';
import { REVALIDATE } from '~/server/http/cache-headers';
import { chooseEncoding, compressedBodies as compressed, ifNoneMatchHits, NOT_MODIFIED_HEADERS, strongEtag } from '~/server/http/http-cache';
import { SAME_FOR_EVERY_MEMBER } from '~/server/http/member-answers';
import type { PageCacheLocals } from '~/server/http/page-cache-serve';
import { fillViewerTemplate, makeViewerTemplate } from '~/server/http/viewer-template';

/** Bodies this layer validates and compresses; streams, files and media pass through untouched. */
const CACHEABLE_TYPE = /^(text\/html|application\/json|application\/manifest\+json)/;
/** An answer larger than this is not held in memory to be hashed. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
/**
 * Pages without a public policy whose bytes depend on nothing but the host and the URL (they read
 * no request header, cookie or address), so the node's response cache may keep them too.
 */
const SAME_FOR_EVERY_VISITOR = new Set(['/login']);

/**
 * The same for every visitor: marked public, or no policy and nobody signed in. The policy is
 * read first: a personal call (`no-store`) is told apart with one header read.
 */
function shareable(response: Response, policy: string | null, signedIn: boolean): boolean {
  if (policy ? !/\bpublic\b/.test(policy) || /\bno-store\b/.test(policy) : signedIn) return false;
  return !response.headers.has('set-cookie') && !response.headers.has('etag') && !response.headers.has('content-encoding');
}

/**
 * HTTP caching (docs/performance.md "HTTP"). A 200 to GET whose bytes are the same for
 * every visitor (public calls and iframe pages, and pages without a signed-in user, whose CSP
 * lists script hashes rather than a nonce: middleware/security-headers.ts) gets a strong ETag
 * from its body and a 304 when If-None-Match names it; its br/gzip body is compressed once per
 * ETag and kept. Anything else a signed-in user gets without a policy becomes
 * `private, no-cache`, so a personal answer is never `public`; server.mjs still compresses those.
 * Such an answer to an anonymous GET (server.mjs passed its key) of a public policy or of a page
 * in SAME_FOR_EVERY_VISITOR is also kept in the node's response cache (docs/http-cache.md).
 */
export const httpCache: Guard = async (context, next) => {
  const response = await next();
  const { method, headers: request } = context.request;
  if ((method !== 'GET' && method !== 'HEAD') || response.status !== 200) return response;
  const signedIn = context.locals.user !== undefined;
  const locals: App.Locals & PageCacheLocals = context.locals;
  if (locals.viewer) return keepPageForMembers(locals, response);
  if (signedIn && method === 'GET' && locals.memberCacheKey !== undefined && SAME_FOR_EVERY_MEMBER.has(locals.route ?? '')) {
    return keepForMembers(locals, response);
  }
  const policy = response.headers.get('cache-control');
  if (!shareable(response, policy, signedIn) || !response.body || !CACHEABLE_TYPE.test(response.headers.get('content-type') ?? '')
    || Number(response.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) {
    if (signedIn && policy === null) return withHeader(response, REVALIDATE['cache-control']);
    return response;
  }

  const body = new Uint8Array(await response.arrayBuffer());
  const etag = strongEtag(body);
  const headers = new Headers(response.headers);
  headers.set('etag', etag);
  headers.set('vary', 'accept-encoding');
  if (!headers.has('cache-control')) headers.set('cache-control', REVALIDATE['cache-control']);
  if (method === 'GET') keep(context.locals, headers, body, etag, /\bpublic\b/.test(response.headers.get('cache-control') ?? ''));
  if (ifNoneMatchHits(request.get('if-none-match'), etag)) {
    const kept = new Headers();
    for (const name of NOT_MODIFIED_HEADERS) { const value = headers.get(name); if (value) kept.set(name, value); }
    return new Response(null, { status: 304, headers: kept });
  }
  const encoding = chooseEncoding(request.get('accept-encoding'), headers.get('content-type') ?? '', body.length);
  // zlib's Buffers sit on plain ArrayBuffers, never shared ones.
  const bytes = encoding ? await compressed.get(etag, encoding, body) as Uint8Array<ArrayBuffer> : body;
  if (encoding) headers.set('content-encoding', encoding);
  headers.set('content-length', String(bytes.length));
  return new Response(method === 'HEAD' ? null : bytes, { status: 200, headers });
};

/** Stores the answer in the node's response cache when server.mjs found the request anonymous. */
function keep(locals: App.Locals & PageCacheLocals, headers: Headers, body: Uint8Array, etag: string, isPublic: boolean): void {
  const { pageCacheKey: key, pageCacheEpoch: epoch, event, route } = locals;
  if (key === undefined || epoch === undefined || !event || locals.user || !route) return;
  if (!isPublic && !SAME_FOR_EVERY_VISITOR.has(route)) return;
  const kept = keptHeaders(headers);
  app().pageCache.put(key, {
    eventId: event.eventId, route, headers: kept, body, etag, contentType: headers.get('content-type') ?? '', cacheControl: headers.get('cache-control'),
  }, epoch);
}

/**
 * A signed-in GET server.mjs found no member answer for (member-answers.ts): an answer of a route
 * the same for every member is kept, for this event version, under the key server.mjs passed.
 * The answer itself goes out unchanged (its policy stays no-store: it is for members only).
 */
async function keepForMembers(locals: App.Locals & PageCacheLocals, response: Response): Promise<Response> {
  const { memberCacheKey: key, pageCacheEpoch: epoch, event, route } = locals;
  if (key === undefined || epoch === undefined || !event || !route || !response.body
    || response.headers.has('set-cookie') || response.headers.has('content-encoding')
    || !/^application\/json/.test(response.headers.get('content-type') ?? '')) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const kept = keptHeaders(response.headers);
  app().pageCache.put(key, {
    eventId: event.eventId, eventVersion: event.version, route, headers: kept, body, etag: strongEtag(body),
    contentType: kept['content-type'] ?? '', cacheControl: null,
  }, epoch);
  return new Response(body, { status: response.status, headers: response.headers });
}

/**
 * A page rendered for the stand-in viewer (middleware/viewer-stand-in.ts): kept as a template for
 * this event version when it is a final 200 without cookies, and answered with the real viewer
 * and the nonce its CSP already names filled in. The signed-in user is put back.
 */
async function keepPageForMembers(locals: App.Locals & PageCacheLocals, response: Response): Promise<Response> {
  const viewer = locals.viewer!;
  locals.user = viewer;
  delete locals.viewer;
  const csp = response.headers.get('content-security-policy') ?? '';
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  if (!nonce || !response.body || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  const page = makeViewerTemplate(await response.text(), nonce);
  const headers = new Headers(response.headers);
  if (!headers.has('cache-control')) headers.set('cache-control', REVALIDATE['cache-control']);
  const { memberCacheKey: key, pageCacheEpoch: epoch, event, route } = locals;
  if (response.status === 200 && !headers.has('set-cookie') && key !== undefined && epoch !== undefined && event && route) {
    const kept = keptHeaders(headers);
    const size = Buffer.concat(page.parts);
    app().pageCache.put(key, {
      eventId: event.eventId, eventVersion: event.version, route, headers: kept, body: size, etag: '',
      contentType: kept['content-type'] ?? '', cacheControl: null, template: { page, csp: csp.split(nonce) },
    }, epoch);
  }
  headers.delete('content-length');
  // A Buffer is a Uint8Array over a plain ArrayBuffer: no copy of the page needed.
  return new Response(fillViewerTemplate(page, { user: viewer, nonce }) as Uint8Array<ArrayBuffer>, { status: response.status, headers });
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
