// The platform's HTTP server: static files, the Astro handler and the /realtime WebSocket on
// one port. Run after `npm run build` (npm start builds when needed).
import { createServer } from 'node:http';
import { serveStatic, indexStaticFiles } from './node-server/static-files.mjs';
import { compressResponse } from './node-server/compress-response.mjs';

const startedAt = performance.now();
const root = new URL('./dist/', import.meta.url);
const { handler } = await import(new URL('server/entry.mjs', root).href);
const { startRuntime, readConfig } = await import(new URL('server/runtime.mjs', root).href);

const config = readConfig();
const files = await indexStaticFiles(new URL('client/', root));

// Astro routes answer these; TRACE, TRACK, CONNECT and the WebDAV verbs would reach Astro only
// to fail inside it (TRACE made a 500), so they get a 405 here.
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const ALLOW = [...METHODS].join(', ');

const server = createServer((req, res) => {
  res.setHeader('x-content-type-options', 'nosniff');
  if (!METHODS.has(req.method ?? '')) {
    res.writeHead(405, { allow: ALLOW, 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ error: 'request.method_not_allowed', message: `Use ${ALLOW}` }));
    return;
  }
  if (serveStatic(files, req, res)) return;
  compressResponse(req, res);
  handler(req, res);
});
// Slow clients must not hold sockets forever; realtime sockets are upgraded and exempt.
server.headersTimeout = 20_000;
server.requestTimeout = 60_000;
server.keepAliveTimeout = 10_000;

const runtime = await startRuntime(server);

server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stdout.write(JSON.stringify({
    time: new Date().toISOString(), level: 'info', message: 'listening',
    port, url: `http://localhost:${port}`, startupMs: Math.round(performance.now() - startedAt),
  }) + '\n');
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level: 'info', message: 'stopping', signal }) + '\n');
  // Stop accepting, tell realtime clients we are going away (1001), then close the database.
  server.close();
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), 5_000);
  force.unref();
  await runtime.shutdown();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
