import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { LRUCache } from 'lru-cache';
import { boundedCache } from '~/server/shared/bounded-cache';

/**
 * HTTP caching of answers whose bytes are the same for every visitor (see
 * docs/performance.md "HTTP"): a strong ETag from the body, 304 to a matching If-None-Match, and
 * compressed bodies kept by ETag so a body is compressed once, not once per request.
 */

/** A strong validator: the first 128 bits of the body's SHA-256, base64url, quoted. */
export function strongEtag(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

/**
 * Whether If-None-Match names `etag` (RFC 9110 §13.1.2: weak comparison, so `W/"x"` matches
 * `"x"`; `*` matches any current representation). A missing header matches nothing.
 */
export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

export type Encoding = 'br' | 'gzip';

/** Text types worth compressing; images and media are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
/** Below this a compressed body saves less than its headers and the work cost. */
export const MIN_COMPRESS_BYTES = 1024;

/** How much Accept-Encoding wants each encoding (q=0 refuses; `*` stands for any not named). */
function encodingQuality(acceptEncoding: string): (name: Encoding) => number {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    if (name) accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*');
  return (name) => accepted.get(name) ?? wildcard ?? 0;
}

/** The encoding to send: br before gzip when both are accepted (q=0 refuses), none for small or binary bodies. */
export function chooseEncoding(acceptEncoding: string | null, contentType: string, size: number): Encoding | undefined {
  if (!acceptEncoding || size < MIN_COMPRESS_BYTES || !COMPRESSIBLE.test(contentType)) return undefined;
  const quality = encodingQuality(acceptEncoding);
  if (quality('br') > 0 && quality('br') >= quality('gzip')) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return undefined;
}

/** Whether Accept-Encoding allows gzip (a read model's kept JSON is gzipped once, kept-json.ts). */
export const acceptsGzip = (acceptEncoding: string | undefined): boolean =>
  acceptEncoding !== undefined && encodingQuality(acceptEncoding)('gzip') > 0;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses on libuv's thread pool (so it runs beside the event loop, not in it). Brotli
 * quality 5 and gzip level 6: for a cached body paid once per ETag, both within a few ms for
 * 300 kB, br ≈ 15 % smaller than gzip.
 */
export function compress(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: 6 });
}

/**
 * Compressed bodies by ETag and encoding, least recently used first out once they hold more
 * than `maxBytes` (the one bounded cache). Concurrent misses for one key share one compression.
 */
export class CompressedBodies {
  private readonly kept: LRUCache<string, Buffer>;
  private readonly compressing = new Map<string, Promise<Buffer>>();

  constructor(maxBytes: number) {
    this.kept = boundedCache<string, Buffer>({ maxBytes, sizeOf: (bytes) => bytes.length });
  }

  get bytes(): number { return this.kept.calculatedSize; }

  get(etag: string, encoding: Encoding, body: Uint8Array): Promise<Buffer> {
    const key = `${encoding}${etag}`;
    const hit = this.kept.get(key);
    if (hit) return Promise.resolve(hit);
    const pending = this.compressing.get(key);
    if (pending) return pending;
    const made = compress(body, encoding);
    this.compressing.set(key, made);
    made.then((bytes) => { this.kept.set(key, bytes); }, () => undefined).finally(() => this.compressing.delete(key));
    return made;
  }
}

/** Compressed bodies of every shareable answer, shared by the middleware and the response cache (page-cache-serve.ts). */
export const compressedBodies = new CompressedBodies(32 * 1024 * 1024);

/** What a 304 repeats of the 200 it stands for (RFC 9110 §15.4.5). */
export const NOT_MODIFIED_HEADERS = ['cache-control', 'etag', 'vary', 'expires', 'content-location'];

/** A shareable 200's headers: its own, with its strong ETag, Vary, and `private, no-cache` when it has no policy. */
export function shareableHeaders(source: Headers, etag: string): Headers {
  const headers = new Headers(source);
  headers.set('etag', etag);
  headers.set('vary', 'accept-encoding');
  if (!headers.has('cache-control')) headers.set('cache-control', 'private, no-cache');
  return headers;
}

/** A 304 standing for the 200 whose headers these are (and any `extra` of them, e.g. `x-cache`). */
export function notModified(headers: Headers, extra: readonly string[] = []): Response {
  const kept = new Headers();
  for (const name of [...NOT_MODIFIED_HEADERS, ...extra]) { const value = headers.get(name); if (value) kept.set(name, value); }
  return new Response(null, { status: 304, headers: kept });
}

/**
 * The answer to a read of a shareable body: a 304 when If-None-Match names its ETag, else the
 * 200 in the variant Accept-Encoding asks for, compressed once per ETag (no body for HEAD).
 */
export async function validatedAnswer(method: string, request: Pick<Headers, 'get'>, headers: Headers, body: Uint8Array, etag: string): Promise<Response> {
  if (ifNoneMatchHits(request.get('if-none-match'), etag)) return notModified(headers);
  const encoding = chooseEncoding(request.get('accept-encoding'), headers.get('content-type') ?? '', body.length);
  // zlib's Buffers sit on plain ArrayBuffers, never shared ones.
  const bytes = encoding ? await compressedBodies.get(etag, encoding, body) as Uint8Array<ArrayBuffer> : body as Uint8Array<ArrayBuffer>;
  if (encoding) headers.set('content-encoding', encoding);
  headers.set('content-length', String(bytes.length));
  return new Response(method === 'HEAD' ? null : bytes, { status: 200, headers });
}

/**
 * Whether an answer is the same for every visitor: marked public, or no policy and nobody signed
 * in; never one that sets a cookie or is already encoded. The policy is read first: a personal
 * call (`no-store`) is told apart with one header read.
 */
export function isShareable(response: Response, policy: string | null, isSignedIn: boolean): boolean {
  if (policy ? !/\bpublic\b/.test(policy) || /\bno-store\b/.test(policy) : isSignedIn) return false;
  return !response.headers.has('set-cookie') && !response.headers.has('etag') && !response.headers.has('content-encoding');
}
