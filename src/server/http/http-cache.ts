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
