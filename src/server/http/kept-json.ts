import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { bytesAnswer } from './answer-bytes';
import { JSON_TYPE } from './cache-headers';
import { acceptsGzip, MIN_COMPRESS_BYTES } from './http-cache';
import type { CallContext } from './request-context';
import type { LRUCache } from 'lru-cache';
import { boundedCache } from '~/server/shared/bounded-cache';

const gzipAsync = promisify(gzip);

/**
 * A JSON answer's text kept by a read model for the requests that get the same bytes,
 * with its gzip made once, by the first of them that accepts it (on libuv's thread pool, level 6
 * as the shared answers: paid once, not per request as server.mjs's level 4 for personal ones).
 */
export class KeptJson {
  private gzip: Promise<Buffer> | undefined;
  private bytes: Buffer | undefined;

  constructor(readonly json: string) {}

  /** The text as UTF-8, encoded once. */
  utf8(): Buffer {
    return this.bytes ??= Buffer.from(this.json);
  }

  gzipped(): Promise<Buffer> {
    this.gzip ??= gzipAsync(this.json, { level: 6 });
    // A failed compression is not kept: the next request tries again.
    this.gzip.catch(() => { this.gzip = undefined; });
    return this.gzip;
  }
}

/**
 * The answer for a kept text: gzipped when the client accepts gzip and the text is large enough
 * to gain from it (as server.mjs would have compressed it), else the text as it is.
 */
export async function keptJsonResponse(context: Pick<CallContext, 'request'>, kept: KeptJson, headers: Record<string, string>): Promise<Response> {
  const accepted = context.request.headers.get('accept-encoding');
  if (context.request.method === 'GET' && kept.json.length >= MIN_COMPRESS_BYTES && acceptsGzip(accepted ?? undefined)) {
    const body = await kept.gzipped();
    return bytesAnswer(body, { headers: { ...JSON_TYPE, 'content-encoding': 'gzip', vary: 'accept-encoding', ...headers } });
  }
  return bytesAnswer(kept.utf8(), { headers: { ...JSON_TYPE, ...headers } });
}

/**
 * Kept texts by key, the least recently used dropped first past `maxEntries`: what a read model
 * holds of the answers it gave, dropped with the model.
 */
export class KeptJsonMemo {
  private readonly entries: LRUCache<string, KeptJson>;

  constructor(maxEntries: number) {
    this.entries = boundedCache<string, KeptJson>({ maxEntries });
  }

  get(key: string, write: () => string): KeptJson {
    const held = this.entries.get(key);
    if (held) return held;
    const made = new KeptJson(write());
    this.entries.set(key, made);
    return made;
  }

  get size(): number { return this.entries.size; }
}
