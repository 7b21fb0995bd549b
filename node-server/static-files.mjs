// Static files of dist/client, indexed once at start so a request costs one Map lookup.
// Astro's hashed assets (/_astro/*) are immutable; the service worker is always revalidated (a
// stale one would keep serving an old app); the demo's pictures change only with a release, so
// a week; everything else five minutes. Every file has an ETag for cheap revalidation.
import { readdir, readFile, stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp',
  '.avif': 'image/avif', '.gif': 'image/gif', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf', '.m3u8': 'application/vnd.apple.mpegurl', '.ts': 'video/mp2t', '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4', '.woff2': 'font/woff2', '.vtt': 'text/vtt; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.m3u8', '.txt', '.webmanifest', '.html', '.vtt']);
const SMALL = 512 * 1024;

export function cachePolicy(url) {
  if (url.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (url === '/sw.js') return 'no-cache';
  if (url.startsWith('/demo/')) return 'public, max-age=604800, stale-while-revalidate=86400';
  return 'public, max-age=300';
}

async function walk(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(entries.map((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  }));
  return files.flat();
}

/** Maps URL paths to files under `clientDir`; small compressible files are kept gzipped in memory. */
export async function indexStaticFiles(clientDir) {
  const base = fileURLToPath(clientDir);
  const index = new Map();
  let paths;
  try { paths = await walk(base); } catch { return index; }
  for (const path of paths) {
    const url = '/' + relative(base, path).split(sep).join('/');
    const ext = extname(path).toLowerCase();
    const info = await stat(path);
    const entry = {
      path, size: info.size, type: TYPES[ext] ?? 'application/octet-stream',
      etag: `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`,
      cache: cachePolicy(url),
      gzip: undefined,
    };
    if (COMPRESSIBLE.has(ext) && info.size > 1024 && info.size < SMALL) entry.gzip = gzipSync(await readFile(path));
    index.set(url, entry);
  }
  return index;
}

/** Answers GET/HEAD for an indexed file; returns false when the path is not a static file. */
export function serveStatic(index, req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const queryAt = req.url.indexOf('?');
  let pathname = queryAt === -1 ? req.url : req.url.slice(0, queryAt);
  try { pathname = decodeURIComponent(pathname); } catch { return false; }
  const entry = index.get(pathname);
  if (!entry) return false;
  const headers = { 'content-type': entry.type, 'cache-control': entry.cache, etag: entry.etag, vary: 'accept-encoding' };
  if (req.headers['if-none-match'] === entry.etag) {
    res.writeHead(304, headers).end();
    return true;
  }
  const wantsGzip = entry.gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  if (wantsGzip) {
    res.writeHead(200, { ...headers, 'content-encoding': 'gzip', 'content-length': entry.gzip.length });
    res.end(req.method === 'HEAD' ? undefined : entry.gzip);
    return true;
  }
  res.writeHead(200, { ...headers, 'content-length': entry.size });
  if (req.method === 'HEAD') res.end();
  else createReadStream(entry.path).pipe(res);
  return true;
}
