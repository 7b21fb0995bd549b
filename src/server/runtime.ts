import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { serveMemberAnswer, servePageFromCache, type MemberCheck, type PageCacheLocals } from '~/server/http/page-cache-serve';
import { app, resetApp } from '~/server/app';
import { config } from '~/server/config';
import { closeDatabase, migrateToLatest } from '~/server/db/database';
import { seedDemoIfEmpty } from '~/server/event-import/seed';
import { seedDemoVouchers } from '~/server/vouchers/voucher.seed';
import { log } from '~/server/log';
import { realtime, resetRealtime } from '~/server/realtime/index';
import { sessionAuthenticator } from '~/server/realtime/session-authenticator';
import { eventIdentityFromHost } from '~/lib/host';
import { ops } from '~/server/ops/instruments';
import { getRequestListener } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { answerBytes, carriedBytes } from '~/server/http/answer-bytes';
import { isUnrouted } from '~/server/http/router';
import { callRouter } from '~/server/routes/route-table';
import { storageHealth } from '~/server/shared/storage-health';
import { limitConnectionsPerAddress } from '~/server/ops/connection-limit';

export { readConfig } from '~/server/config';
export { createTrafficGate } from '~/server/ops/traffic';
export { isProbePath } from '~/server/routes/route-table';
export { malformedRequest } from '~/server/http/request-host';

const memberCheck: MemberCheck = {
  eventOf: (host) => app().events.findByIdentity(eventIdentityFromHost(host, config().defaultEvent)),
  viewerOf: (token, eventId) => app().sessions.authenticate(token, eventId),
};

/**
 * server.mjs: answers from the node's response cache (docs/http-cache.md) an anonymous request,
 * or a member's request for an answer the same for every member once their session is checked.
 * Returns false when Astro must answer now; when true, the request is answered, or handed to
 * Astro through `toAstro` once the checks found the kept answer unusable.
 */
export function servePage(req: IncomingMessage, res: ServerResponse, locals: PageCacheLocals, toAstro: () => void): boolean {
  const { pageCache } = app();
  return servePageFromCache(pageCache, req, res, locals) || serveMemberAnswer(pageCache, memberCheck, req, res, locals, toAstro);
}

type Fallback = (req: IncomingMessage, res: ServerResponse) => void;
const fallbacks = new WeakMap<IncomingMessage, { locals: PageCacheLocals; fallback: Fallback }>();

const listener = getRequestListener(async (request, env) => {
  const incoming = env.incoming as IncomingMessage;
  const outgoing = env.outgoing as ServerResponse;
  const { locals, fallback } = fallbacks.get(incoming)!;
  const response = await callRouter.fetch(request, {
    locals, rawUrl: incoming.url ?? '/', clientAddress: () => incoming.socket.remoteAddress ?? 'unknown',
  });
  if (isUnrouted(response)) {
    fallback(incoming, outgoing);
    return RESPONSE_ALREADY_SENT;
  }
  // An answer in memory (carried bytes, or a JSON error's text) goes out in one write with its Content-Length, not a stream read chunk by chunk.
  const carried = carriedBytes(response);
  if (carried === undefined && (response.body === null || !(response.headers.get('content-type') ?? '').startsWith('application/json'))) return response;
  const bytes = carried ?? await answerBytes(response);
  if (outgoing.destroyed) return RESPONSE_ALREADY_SENT;
  const headers: Record<string, string | string[]> = Object.fromEntries(response.headers);
  if (response.headers.has('set-cookie')) headers['set-cookie'] = response.headers.getSetCookie();
  headers['content-length'] = String(bytes.length);
  outgoing.writeHead(response.status, headers);
  outgoing.end(request.method === 'HEAD' ? undefined : bytes);
  return RESPONSE_ALREADY_SENT;
}, { overrideGlobalObjects: false });

/**
 * server.mjs, after the traffic gate: the router of every call (docs/request-path.md) answers the
 * request, or hands it to `fallback` (the pages) when it has no route for it.
 */
export function serveCall(req: IncomingMessage, res: ServerResponse, locals: PageCacheLocals, fallback: Fallback): void {
  fallbacks.set(req, { locals, fallback });
  void listener(req, res);
}

/**
 * The last line behind every handler: a promise nobody awaited that failed (a timer's, a socket
 * handler's) is logged and the node serves on, as it does for an error a storage fault raised
 * outside any call (a lost database connection's 'error' event). Any other uncaught exception is
 * a bug whose state nobody knows: it is logged and the process ends, as Node would.
 */
function keepServingThroughStrayErrors(): void {
  // The pipe the logs go to closed (the supervisor reading them went away): the node serves on
  // without them. Unheard, a write's EPIPE was an uncaught exception that read as a lost database,
  // and logging it failed the same way, in a loop of ticks that spun a core and starved the drain.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  process.on('unhandledRejection', (reason) => {
    const fault = storageHealth().failed(reason);
    log.error('unhandled rejection', { fault, error: reason instanceof Error ? reason.stack : String(reason) });
  });
  process.on('uncaughtException', (error) => {
    const fault = storageHealth().failed(error);
    log.error('uncaught exception', { fault, error: error.stack });
    if (!fault) process.exit(1);
  });
}

/**
 * Everything the server does besides answering pages: brings the database up to date, seeds
 * the demo event into an empty embedded database, and serves /realtime. Returns the shutdown.
 */
export async function startRuntime(server: Server): Promise<{ drain(): Promise<void>; shutdown(): Promise<void> }> {
  keepServingThroughStrayErrors();
  limitConnectionsPerAddress(server, config());
  const { db, events, tokens } = app();
  await migrateToLatest(db);
  ops().state.migrated = true;
  if (config().seedDemo) {
    await seedDemoIfEmpty();
    await seedDemoVouchers();
  }
  ops().sources.pageCache = () => app().pageCache.stats();
  // Limits count in Redis from the first request when it answers; a Redis that is down does not hold the start up.
  await app().limitStore.ready(2000);
  const hub = realtime();
  hub.attach(server, async (host) => {
    const event = await events.findByIdentity(eventIdentityFromHost(host, config().defaultEvent));
    return event && { eventId: event.eventId };
  }, sessionAuthenticator(tokens));
  ops().forgetStartupLag();
  log.info('runtime started', { database: db.location, dialect: db.dialect, redis: Boolean(config().redisUrl) });
  return {
    /** SIGTERM: realtime clients are told to reconnect elsewhere (4002); requests may still publish. */
    async drain() {
      ops().state.draining = true;
      await hub.drain();
    },
    async shutdown() {
      // Last tallies out while the database and the hub are still open, then no more timers.
      await app().pollTallies.flushNow().catch(() => undefined);
      app().pollTallies.stop();
      // Before the hub: closing sockets must not start grace timers or touch the store.
      await app().presence.close();
      await hub.close();
      resetRealtime();
      await app().limitStore.close();
      await closeDatabase();
      resetApp();
    },
  };
}
