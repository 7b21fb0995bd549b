// Static files of dist/client, indexed once at start so a request costs one Map lookup.
// Astro's hashed assets (/_astro/*) are immutable; the service worker is always revalidated (a
// stale one would keep serving an old app); the demo's pictures change only with a release, so
// a week; everything else five minutes. Every file has an ETag for cheap revalidation. Files
// under 512 kB are kept in memory (a request reads no disk), compressible ones also gzipped at
// start and brotli-compressed (quality 11, on the thread pool) the first time a client accepts br.
import { readdir, readFile, stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompress, constants, gzipSync } from 'node:zlib';

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
      bytes: undefined, gzip: undefined, br: undefined, brPending: false,
    };
    if (info.size < SMALL) entry.bytes = await readFile(path);
    if (COMPRESSIBLE.has(ext) && info.size > 1024 && entry.bytes) entry.gzip = gzipSync(entry.bytes);
    index.set(url, entry);
  }
  return index;
}

/** Starts the one brotli compression of a file; until it is done the file goes out gzipped. */
function startBrotli(entry) {
  entry.brPending = true;
  brotliCompress(entry.bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: entry.bytes.length } }, (error, br) => {
    if (!error) entry.br = br;
  });
}

const CODING = (name) => new RegExp(`(?:^|,)\\s*${name}\\s*(;\\s*q=([\\d.]+))?\\s*(?:,|$)`, 'i');
const CODINGS = { br: CODING('br'), gzip: CODING('gzip') };

/** Whether Accept-Encoding allows `name` (br or gzip: present and not q=0). */
function accepts(header, name) {
  const match = CODINGS[name].exec(header ?? '');
  return match !== null && (match[2] === undefined || Number(match[2]) > 0);
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
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag)) {
    res.writeHead(304, headers).end();
    return true;
  }
  const acceptEncoding = req.headers['accept-encoding'];
  if (entry.gzip && accepts(acceptEncoding, 'br')) {
    if (entry.br) return send(res, req, headers, entry.br, 'br');
    if (!entry.brPending) startBrotli(entry);
  }
  if (entry.gzip && accepts(acceptEncoding, 'gzip')) return send(res, req, headers, entry.gzip, 'gzip');
  if (entry.bytes) return send(res, req, headers, entry.bytes);
  res.writeHead(200, { ...headers, 'content-length': entry.size });
  if (req.method === 'HEAD') res.end();
  else createReadStream(entry.path).pipe(res);
  return true;
}

function send(res, req, headers, bytes, encoding) {
  res.writeHead(200, encoding ? { ...headers, 'content-encoding': encoding, 'content-length': bytes.length } : { ...headers, 'content-length': bytes.length });
  res.end(req.method === 'HEAD' ? undefined : bytes);
  return true;
}
