// Gzips Astro's HTML and JSON answers for clients that accept it. Astro writes to the Node
// response directly, so this wraps write/end; each chunk is flushed so streamed HTML still
// reaches the browser as it renders. Answers the same for everyone come here compressed already
// (middleware/http-cache.ts keeps their br/gzip bodies by ETag) and pass through; what is left is
// personal, compressed per request, so at level 4: half the CPU of level 6 for ~1 % more bytes.
import { createGzip, constants } from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json))/;
const MIN_BYTES = 1024;

export function compressResponse(req, res) {
  if (!/\bgzip\b/.test(req.headers['accept-encoding'] ?? '') || req.method === 'HEAD') return;
  const writeHead = res.writeHead;
  const write = res.write;
  const end = res.end;
  let gzip;

  res.writeHead = function (status, ...rest) {
    const headers = typeof rest[0] === 'object' && rest[0] !== null ? rest[0] : rest[1];
    if (headers) for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    const type = String(res.getHeader('content-type') ?? '');
    const length = Number(res.getHeader('content-length') ?? MIN_BYTES);
    const eligible = status !== 204 && status !== 304 && !res.getHeader('content-encoding') && COMPRESSIBLE.test(type) && length >= MIN_BYTES;
    if (eligible) {
      res.setHeader('content-encoding', 'gzip');
      res.removeHeader('content-length');
      res.setHeader('vary', 'accept-encoding');
      gzip = createGzip({ level: 4, flush: constants.Z_SYNC_FLUSH });
      gzip.on('data', (chunk) => write.call(res, chunk));
      gzip.on('end', () => end.call(res));
    }
    return writeHead.call(res, status, typeof rest[0] === 'string' ? rest[0] : undefined);
  };
  res.write = function (chunk, encoding, callback) {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (!gzip) return write.call(res, chunk, encoding, callback);
    return gzip.write(chunk, encoding, callback);
  };
  res.end = function (chunk, encoding, callback) {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (!gzip) return end.call(res, chunk, encoding, callback);
    if (typeof chunk === 'function') gzip.end(chunk);
    else gzip.end(chunk ?? undefined, encoding, callback);
    return res;
  };
}
