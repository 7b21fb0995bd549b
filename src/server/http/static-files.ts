import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import sirv from 'sirv';

/*
 * The build's static files (dist/client) in production, served by sirv (docs/request-path.md):
 * indexed once at start, so a request costs one lookup; a compressible file goes out as the
 * .br or .gz written beside it at build (`precompress`, run by astro.config.mjs), so no request
 * compresses it. Astro's hashed assets (/_astro/*) are immutable; the service worker is always
 * revalidated (a stale one would keep serving an old app); the demo's pictures change only with
 * a release, so a week; everything else five minutes.
 */

/** The Cache-Control of a static file by its URL path. */
export function cachePolicy(path: string): string {
  if (path.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (path === '/sw.js') return 'no-cache';
  if (path.startsWith('/demo/')) return 'public, max-age=604800, stale-while-revalidate=86400';
  return 'public, max-age=300';
}

/** A Node step: answers a GET or HEAD for a file of `dir`, else calls `next`. */
export function staticFiles(dir: string): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const serve = sirv(dir, {
    etag: true, gzip: true, brotli: true, dotfiles: false, extensions: [],
    setHeaders: (res, path) => res.setHeader('cache-control', cachePolicy(path)),
  });
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    serve(req, res, next);
  };
}

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.m3u8', '.txt', '.webmanifest', '.html', '.vtt']);
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map(async (entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  }));
  return nested.flat();
}

/**
 * At build: writes `file.br` (quality 11) and `file.gz` (level 9) beside every compressible file
 * of 1 kB or more under `dir`, for sirv to send to clients that accept them. Returns the count.
 */
export async function precompress(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((path) => COMPRESSIBLE.has(extname(path).toLowerCase()));
  let count = 0;
  for (const path of files) {
    if ((await stat(path)).size < MIN_BYTES) continue;
    const bytes = await readFile(path);
    const [br, gz] = await Promise.all([
      brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
      gzipped(bytes, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
    count += 1;
  }
  return count;
}
