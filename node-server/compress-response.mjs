// Gzips Astro's HTML and JSON answers for clients that accept it. Astro writes to the Node
// response directly, so this wraps writeHead/write/end. Answers the same for everyone come here
// compressed already (middleware/http-cache.ts keeps their br/gzip bodies by ETag) and pass
// through; what is left is personal, compressed per request, so at level 4: half the CPU of
// level 6 for ~1 % more bytes.
//
// The choice waits for the body: Astro sends a JSON answer as writeHead, one write, then end in
// the same tick, so the bytes written until the end, or until the next turn of the event loop,
// are held. An answer that ends under MIN_BYTES goes out as it is, in one piece with its
// Content-Length: a gzip stream per answer cost more CPU (~0.1 ms) than the whole rest of a
// small signed-in call. A larger or longer one (streamed HTML) is gzipped, each chunk
// flushed so the page still reaches the browser as it renders.
import { clearImmediate, setImmediate } from 'node:timers';
import { createGzip, constants } from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json))/;
const MIN_BYTES = 1024;

export function compressResponse(req, res) {
  if (!/\bgzip\b/.test(req.headers['accept-encoding'] ?? '') || req.method === 'HEAD') return;
  const writeHead = res.writeHead;
  const write = res.write;
  const end = res.end;
  let chosen = false;
  let statusMessage;
  let gzip;
  /** Bytes written before the choice, and the callbacks of those writes. */
  const held = [];
  const callbacks = [];
  let heldBytes = 0;
  let flushTimer;

  function eligible(bodyBytes) {
    const status = res.statusCode;
    const type = String(res.getHeader('content-type') ?? '');
    const length = Number(res.getHeader('content-length') ?? bodyBytes);
    return status !== 204 && status !== 304 && !res.getHeader('content-encoding') && COMPRESSIBLE.test(type) && length >= MIN_BYTES;
  }

  /** Decides once; sends the headers, then what was held, through gzip or as it is. */
  function choose(compress) {
    chosen = true;
    if (flushTimer) clearImmediate(flushTimer);
    if (compress) {
      res.setHeader('content-encoding', 'gzip');
      res.removeHeader('content-length');
      res.setHeader('vary', 'accept-encoding');
      gzip = createGzip({ level: 4, flush: constants.Z_SYNC_FLUSH });
      gzip.on('data', (chunk) => write.call(res, chunk));
      gzip.on('end', () => end.call(res));
    }
    writeHead.call(res, res.statusCode, statusMessage);
    if (held.length === 0) return;
    const bytes = held.length === 1 ? held[0] : Buffer.concat(held);
    const done = callbacks.length === 0 ? undefined : (error) => { for (const callback of callbacks) callback(error); };
    held.length = 0;
    if (gzip) gzip.write(bytes, done);
    else write.call(res, bytes, done);
  }

  const toBuffer = (chunk, encoding) => (typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8') : chunk);

  res.writeHead = function (status, ...rest) {
    if (chosen) return writeHead.call(res, status, ...rest);
    const headers = typeof rest[0] === 'object' && rest[0] !== null ? rest[0] : rest[1];
    if (headers) for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (typeof rest[0] === 'string') statusMessage = rest[0];
    res.statusCode = status;
    return res;
  };
  res.write = function (chunk, encoding, callback) {
    if (chosen) return gzip ? gzip.write(chunk, encoding, callback) : write.call(res, chunk, encoding, callback);
    const bytes = toBuffer(chunk, encoding);
    held.push(bytes);
    heldBytes += bytes.length;
    const done = typeof encoding === 'function' ? encoding : callback;
    if (done) callbacks.push(done);
    if (heldBytes >= MIN_BYTES) choose(eligible(heldBytes));
    // A stream that pauses (a page still rendering) must not wait for its end to be sent.
    else flushTimer ??= setImmediate(() => { if (!chosen) choose(eligible(MIN_BYTES)); });
    return true;
  };
  res.end = function (chunk, encoding, callback) {
    const done = typeof chunk === 'function' ? chunk : typeof encoding === 'function' ? encoding : callback;
    const last = typeof chunk === 'function' || chunk === undefined || chunk === null ? undefined : toBuffer(chunk, encoding);
    if (!chosen) {
      const total = heldBytes + (last?.length ?? 0);
      if (eligible(total)) {
        choose(true);
      } else {
        // Small or not compressible: one piece, with the Content-Length Node sets for a known body.
        chosen = true;
        if (flushTimer) clearImmediate(flushTimer);
        const parts = last ? [...held, last] : held;
        const body = parts.length === 0 ? undefined : parts.length === 1 ? parts[0] : Buffer.concat(parts);
        const all = callbacks.length === 0 ? done : (error) => { for (const c of callbacks) c(error); done?.(error); };
        if (statusMessage !== undefined) res.statusMessage = statusMessage;
        return body === undefined ? end.call(res, all) : end.call(res, body, all);
      }
    }
    if (!gzip) return end.call(res, last, done);
    if (last) gzip.end(last, done);
    else gzip.end(done);
    return res;
  };
}
