import { resolve } from 'node:path';

/** Settings read once from the environment; README's configuration table documents each. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: a statement's, a lock wait's and a pool wait's deadlines (db/database.ts, docs/operations.md "Slow faults"). */
  databaseDeadlines: { statementMs: number; lockMs: number; poolWaitMs: number };
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel, so deployments (and test runs) sharing a Redis stay apart. */
  redisPrefix: string;
  /** How often the server pings realtime sockets; a socket that missed one pong is dropped. */
  realtimeHeartbeatMs: number;
  /** An attendee stays online this long after their last socket closed (rides out reconnects). */
  presenceGraceMs: number;
  /** How often a node renews its presence entries in Redis and reconciles what it knows. */
  presenceRefreshMs: number;
  /** Presence changes are gathered this long before one online-users-change goes out. */
  presenceCoalesceMs: number;
  /** Open anonymous realtime sockets per client address (IPv6: per /64); more are refused with 429. */
  realtimeAnonymousPerAddress: number;
  /** Poll tallies are published at most once per this period per poll (docs/polls.md). */
  pollTallyIntervalMs: number;
  /** Sign-ups one address may send per event in 15 minutes (docs/registration.md). */
  registrationLimitPerAddress: number;
  smtpUrl: string | undefined;
  /** Sender of every mail. */
  mailFrom: string;
  /** 'outbox' (default) writes texts to DATA_DIR/outbox; other names need an adapter. */
  smsProvider: string;
  /**
   * Origin for links in messages, `{event}` replaced by the event slug, e.g.
   * `https://{event}.events.example.org`. Unset: the origin of the request that asked, which
   * is only safe when the proxy passes nothing but the platform's own host names.
   */
  linkOrigin: string | undefined;
  defaultEvent: string | undefined;
  featuresAllOn: boolean;
  seedDemo: boolean;
  /** The event file seeded into an empty database; by default events/demo.event.json in the project. */
  demoEventFile: string | undefined;
  adminToken: string | undefined;
  /**
   * Proxy hops in front of the server whose X-Forwarded-For / X-Forwarded-Proto are believed
   * (0: none, the default). The client address is then the entry that many places from the
   * right of X-Forwarded-For; see docs/security.md.
   */
  trustProxy: number;
  provider: { name: string; siteUrl: string; supportUrl: string };
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** Bearer token that opens GET /metrics to other hosts; without it only direct loopback scrapes may read it. */
  metricsToken: string | undefined;
  /** Requests answered at once; past it new ones get 503 + Retry-After (docs/operations.md). */
  maxInFlight: number;
  /** Shed new requests while the event loop's median delay stayed over this (ms) for two 500 ms windows; 0 turns it off. */
  shedEventLoopLagMs: number;
  /**
   * What an accepted request may wait (ms): once not one answer of a busy 100 ms window came back
   * within half of it (requests are queueing), the node keeps in flight only what it finishes in
   * this time and sheds the rest (src/server/ops/standing-queue.ts); a request the load balancer
   * stamped (X-Request-Start) that waited longer than this before a saturated node read it is
   * refused too (src/server/ops/request-wait.ts); 0 turns both off.
   */
  shedQueueMs: number;
  /**
   * The fewest requests in flight the queue rule (`shedQueueMs`) keeps while it sheds: a burst of
   * this many at once is never refused by it, however slow the node got.
   */
  shedQueueMinInFlight: number;
  /** On SIGTERM, how long requests in flight may take to finish before the process exits anyway. */
  shutdownGraceMs: number;
  /**
   * Connections the kernel queues for the listener before the server accepts them (Node's own
   * default is 511). After a node dies its clients arrive at the survivors at once; a queue that
   * overflows drops their SYNs, and a load balancer's connect timeout then marks a healthy node
   * failed (docs/cluster.md). Linux caps it at net.core.somaxconn.
   */
  listenBacklog: number;
  /**
   * Open connections one client address (IPv6: its /64) may hold, realtime sockets included; more
   * are closed as they come. Counted on the socket's peer, so only without TRUST_PROXY (behind a
   * proxy every connection is the proxy's: cap per client there, docs/security.md); loopback is
   * never capped. 0 turns it off.
   */
  maxConnectionsPerAddress: number;
  /** The longest the node-local response cache keeps an anonymous answer (ms); 0 turns it off (docs/http-cache.md). */
  pageCacheMs: number;
  /** Bytes of bodies and headers the node-local response cache may hold. */
  pageCacheBytes: number;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

/** TRUST_PROXY: off by default; on/true/yes means one hop, a number that many hops. */
function hops(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 0;
  const count = Number(value);
  if (Number.isInteger(count) && count >= 0) return Math.min(count, 10);
  return flag(value, false) ? 1 : 0;
}

function text(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function atLeastZero(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
}

function positive(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env['PORT'] ?? 4321);
  const level = env['LOG_LEVEL'];
  return {
    port: Number.isInteger(port) && port >= 0 ? port : 4321,
    host: text(env['HOST']) ?? '0.0.0.0',
    dataDir: resolve(text(env['DATA_DIR']) ?? 'data'),
    databaseUrl: text(env['DATABASE_URL']),
    databaseDeadlines: {
      statementMs: positive(env['DATABASE_STATEMENT_TIMEOUT_MS'], 15_000),
      lockMs: positive(env['DATABASE_LOCK_TIMEOUT_MS'], 2_000),
      poolWaitMs: positive(env['DATABASE_POOL_WAIT_MS'], 3_000),
    },
    redisUrl: text(env['REDIS_URL']),
    redisPrefix: text(env['REDIS_PREFIX']) ?? 'ep:',
    realtimeHeartbeatMs: positive(env['REALTIME_HEARTBEAT_MS'], 30_000),
    presenceGraceMs: positive(env['PRESENCE_GRACE_MS'], 30_000),
    presenceRefreshMs: positive(env['PRESENCE_REFRESH_MS'], 10_000),
    presenceCoalesceMs: positive(env['PRESENCE_COALESCE_MS'], 1_000),
    realtimeAnonymousPerAddress: positive(env['REALTIME_ANONYMOUS_PER_ADDRESS'], 100),
    pollTallyIntervalMs: positive(env['POLL_TALLY_INTERVAL_MS'], 200),
    registrationLimitPerAddress: positive(env['REGISTRATION_LIMIT_PER_ADDRESS'], 20),
    smtpUrl: text(env['SMTP_URL']),
    mailFrom: text(env['MAIL_FROM']) ?? 'Eventplatform <no-reply@localhost>',
    smsProvider: text(env['SMS_PROVIDER']) ?? 'outbox',
    linkOrigin: text(env['LINK_ORIGIN']),
    defaultEvent: text(env['DEFAULT_EVENT']),
    featuresAllOn: flag(env['FEATURES_ALL_ON'], false),
    // The demo event is seeded into an empty database unless told otherwise.
    seedDemo: flag(env['SEED_DEMO'], true),
    demoEventFile: text(env['DEMO_EVENT_FILE']) === undefined ? undefined : resolve(text(env['DEMO_EVENT_FILE'])!),
    adminToken: text(env['ADMIN_TOKEN']),
    trustProxy: hops(env['TRUST_PROXY']),
    provider: {
      name: text(env['PROVIDER_NAME']) ?? 'Eventplatform',
      siteUrl: text(env['PROVIDER_URL']) ?? 'https://example.org',
      supportUrl: text(env['PROVIDER_SUPPORT_URL']) ?? 'mailto:support@example.org',
    },
    logLevel: level === 'debug' || level === 'warn' || level === 'error' ? level : 'info',
    metricsToken: text(env['METRICS_TOKEN']),
    maxInFlight: Math.max(1, Math.floor(positive(env['MAX_IN_FLIGHT'], 1000))),
    shedEventLoopLagMs: atLeastZero(env['SHED_EVENT_LOOP_LAG_MS'], 500),
    shedQueueMs: atLeastZero(env['SHED_QUEUE_MS'], 300),
    shedQueueMinInFlight: Math.max(1, Math.floor(positive(env['SHED_QUEUE_MIN_IN_FLIGHT'], 128))),
    shutdownGraceMs: atLeastZero(env['SHUTDOWN_GRACE_MS'], 15_000),
    listenBacklog: Math.max(1, Math.floor(positive(env['LISTEN_BACKLOG'], 4096))),
    maxConnectionsPerAddress: Math.floor(atLeastZero(env['MAX_CONNECTIONS_PER_ADDRESS'], 512)),
    pageCacheMs: atLeastZero(env['PAGE_CACHE_MS'], 5000),
    pageCacheBytes: Math.floor(atLeastZero(env['PAGE_CACHE_MB'], 32) * 1024 * 1024),
  };
}

let current: Config | undefined;

/** The process-wide configuration, read on first use. */
export function config(): Config {
  current ??= readConfig();
  return current;
}
