// The platform's HTTP server: the edge (every request, docs/request-path.md) and the /realtime
// WebSocket on one port. Run after `npm run build` (npm start builds when needed).
import { createServer } from 'node:http';
import { enableCompileCache } from 'node:module';
import { fileURLToPath } from 'node:url';

const startedAt = performance.now();
// V8 keeps the compiled server bundle on disk (the OS's temp directory): a restart, and each of the
// API tests' servers, compiles it again only when the build changed.
enableCompileCache();
// React (and other libraries outside the bundle) read NODE_ENV when they load: without it they
// run their development builds, which cost about half of a page's render.
process.env.NODE_ENV ??= 'production';
const root = new URL('./dist/', import.meta.url);
const { handler } = await import(new URL('server/entry.mjs', root).href);
const { startRuntime, readConfig, createEdge } = await import(new URL('server/runtime.mjs', root).href);

const config = readConfig();
// One entry for every request, as in `npm run dev` (docs/request-path.md): the method and Host
// checks, static files, the traffic gate, compression, the saved-answer lookup, the router of
// calls, then Astro's pages.
const edge = createEdge({
  staticDir: fileURLToPath(new URL('client/', root)),
  pages: (req, res, locals) => handler(req, res, undefined, locals),
});
const gate = edge.gate;
const server = createServer(edge.handle);
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
