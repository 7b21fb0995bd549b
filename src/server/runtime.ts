import type { Server } from 'node:http';
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
import { storageHealth } from '~/server/shared/storage-health';
import { limitConnectionsPerAddress } from '~/server/ops/connection-limit';

export { readConfig } from '~/server/config';
export { createEdge } from '~/server/edge';

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
