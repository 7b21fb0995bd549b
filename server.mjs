// The platform's HTTP server: static files, the Astro handler and the /realtime WebSocket on
// one port. Run after `npm run build` (npm start builds when needed).
import { createServer } from 'node:http';
import { enableCompileCache } from 'node:module';
import { serveStatic, indexStaticFiles } from './node-server/static-files.mjs';
import { compressResponse } from './node-server/compress-response.mjs';

const startedAt = performance.now();
// V8 keeps the compiled server bundle on disk (the OS's temp directory): a restart, and each of the
// API tests' servers, compiles it again only when the build changed.
enableCompileCache();
// React (and other libraries outside the bundle) read NODE_ENV when they load: without it they
// run their development builds, which cost about half of a page's render.
process.env.NODE_ENV ??= 'production';
const root = new URL('./dist/', import.meta.url);
const { handler } = await import(new URL('server/entry.mjs', root).href);
const { startRuntime, readConfig, createTrafficGate, isProbePath, malformedRequest, servePage, serveCall } = await import(new URL('server/runtime.mjs', root).href);

const config = readConfig();
// Sheds overload with 503 + Retry-After, counts requests in flight for the drain, feeds /metrics.
const gate = createTrafficGate(config, isProbePath);
const files = await indexStaticFiles(new URL('client/', root));

// The router and Astro answer these; TRACE, TRACK, CONNECT and the WebDAV verbs would reach Astro only
// to fail inside it (TRACE made a 500), so they get a 405 here.
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const ALLOW = [...METHODS].join(', ');

const server = createServer((req, res) => {
  res.setHeader('x-content-type-options', 'nosniff');
  if (!METHODS.has(req.method ?? '')) {
    gate.record(req, res, 'method-not-allowed');
    res.writeHead(405, { allow: ALLOW, 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ error: 'request.method_not_allowed', message: `Use ${ALLOW}` }));
    return;
  }
  // A missing, doubled or malformed Host, or a target that is not a path, before anything reads
  // them: the Host names the event and is part of every kept answer's key (docs/security.md "Host").
  const malformed = malformedRequest(req);
  if (malformed) {
    gate.record(req, res, 'bad-request');
    res.writeHead(400, { 'content-type': 'application/json', 'cache-control': 'no-store', connection: 'close' });
    res.end(JSON.stringify({ error: malformed, message: malformed === 'request.bad_host' ? 'Send one Host header naming the host' : 'Send a path as the request target' }));
    return;
  }
  if (serveStatic(files, req, res)) return gate.record(req, res, 'static');
  // Admitted once the bytes that came with the headers are parsed: a body sent with them has
  // arrived by then and counts in flight at once; one still trickling in does not hold a slot.
  globalThis.queueMicrotask(() => answer(req, res));
});

function answer(req, res) {
  const locals = gate.admit(req, res);
  if (!locals) return;
  // Personal answers are gzipped here; kept ones arrive compressed already and pass through.
  compressResponse(req, res);
  const toAstro = () => handler(req, res, undefined, locals);
  // Answers kept for every visitor, or for every member once their session is checked, whatever
  // declared them (docs/http-cache.md); then the router of calls (its guards and caches, no Astro);
  // a request no route takes is a page, which Astro renders.
  const toRouter = () => serveCall(req, res, locals, toAstro);
  if (!servePage(req, res, locals, toRouter)) toRouter();
}
// Slow clients must not hold sockets forever; realtime sockets are upgraded and exempt.
server.headersTimeout = 20_000;
server.requestTimeout = 60_000;
server.keepAliveTimeout = 10_000;

const runtime = await startRuntime(server);

server.listen({ port: config.port, host: config.host, backlog: config.listenBacklog }, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stdout.write(JSON.stringify({
    time: new Date().toISOString(), level: 'info', message: 'listening',
    port, url: `http://localhost:${port}`, startupMs: Math.round(performance.now() - startedAt),
  }) + '\n');
});

const info = (message, fields) => process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level: 'info', message, ...fields }) + '\n');

let stopping = false;
/**
 * The drain (docs/operations.md): readiness fails and answers close their connections; the
 * listener stops accepting; realtime clients are told to reconnect elsewhere (4002); requests in
 * flight finish (acknowledged votes are committed by then), for at most SHUTDOWN_GRACE_MS; then
 * the last tallies go out and the broker and database close.
 */
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  const started = performance.now();
  info('stopping', { signal, inFlight: gate.inFlight() });
  gate.startDraining();
  server.close();
  server.closeIdleConnections();
  await runtime.drain();
  const finished = await gate.idle(config.shutdownGraceMs);
  if (!finished) info('drain grace over: cutting off requests in flight', { inFlight: gate.inFlight(), graceMs: config.shutdownGraceMs });
  server.closeAllConnections();
  try {
    await runtime.shutdown();
  } catch (error) {
    process.stderr.write(JSON.stringify({ time: new Date().toISOString(), level: 'error', message: 'shutdown failed', error: String(error) }) + '\n');
    process.exit(1);
  }
  info('stopped', { signal, drainMs: Math.round(performance.now() - started) });
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
