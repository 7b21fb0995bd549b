import { mkdirSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql, type LogEvent } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import { config } from '~/server/config';
import { log } from '~/server/log';
import { storageHealth } from '~/server/shared/storage-health';
import type { Database } from './schema';
import type { Dialect } from './migrations/helpers';
import { migrationsFor } from './migrations/index';
import { booleanColumnsPlugin } from './boolean-columns';
import { openNodeSqlite } from './node-sqlite';
import { bindingBooleansAsIntegers, postgresTypes } from './postgres';

export type { Dialect };

/** The application's database handle: kysely plus which engine is behind it. */
export interface Db {
  readonly kysely: Kysely<Database>;
  readonly dialect: Dialect;
  /** Human-readable location without credentials, for logs. */
  readonly location: string;
  /** Whether the database answers `select 1` within `timeoutMs`, on a connection of its own (never queued behind the calls' pool). */
  answers(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * A PostgreSQL query's deadlines (docs/operations.md "Slow faults"): a statement is cancelled by
 * the server after `statementMs`, a wait for a lock after `lockMs` (both a 503 `database.busy`
 * for that call), the client gives up on a server that does not answer at all after
 * `statementMs` + 5 s (a lost database), and a call waits `poolWaitMs` for a pooled connection
 * (a 503 `server.busy` when all are taken: overload, not a lost database).
 */
export interface QueryDeadlines {
  statementMs: number;
  lockMs: number;
  poolWaitMs: number;
}
const DEFAULT_DEADLINES: QueryDeadlines = { statementMs: 15_000, lockMs: 2_000, poolWaitMs: 3_000 };
/** How much longer than the server's statement deadline the client waits for an answer. */
const CLIENT_GRACE_MS = 5_000;

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  deadlines?: Partial<QueryDeadlines> | undefined;
}

/** Bytes the space probe writes: enough to need a fresh block on any file system. */
const SPACE_PROBE_BYTES = 64 * 1024;
const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);

// Every query's outcome tells the storage health what it needs, with no query of its own: an error
// may be a lost database or a full disk, a success proves the database (and, for a write, the disk) back.
function observe(event: LogEvent): void {
  if (event.level === 'error') storageHealth().failed(event.error);
  else storageHealth().succeeded(WRITES.has(event.query.query.kind));
}

function openPostgres(databaseUrl: string, deadlines: QueryDeadlines): { kysely: Kysely<Database>; answers: Db['answers']; end: () => Promise<void> } {
  const pool = new pg.Pool({
    connectionString: databaseUrl, max: 10, connectionTimeoutMillis: deadlines.poolWaitMs, keepAlive: true, types: postgresTypes,
    statement_timeout: deadlines.statementMs, lock_timeout: deadlines.lockMs, query_timeout: deadlines.statementMs + CLIENT_GRACE_MS,
  });
  // Readiness asks on a connection of its own: a pool whose connections all wait on a locked
  // table is busy, not a lost database, and must not take the node out of the load balancer.
  const probe = new pg.Pool({ connectionString: databaseUrl, max: 1, idleTimeoutMillis: 60_000, keepAlive: true, statement_timeout: 2000, query_timeout: 2000, connectionTimeoutMillis: 2000 });
  probe.on('error', () => undefined);
  // PostgreSQL ends connections when it stops or restarts (57P01): an idle one's error reaches
  // the pool, a checked-out one's between two queries reaches the client. Either must be only
  // logged, never an unhandled 'error' event that ends the process; the pool replaces the client.
  pool.on('error', (error) => {
    storageHealth().failed(error);
    log.warn('database connection lost; the pool opens a new one', { error: error.message });
  });
  pool.on('connect', (client) => client.on('error', (error) => storageHealth().failed(error)));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: bindingBooleansAsIntegers(pool) }), log: observe, plugins: [booleanColumnsPlugin] });
  const answers = (timeoutMs: number) => withDeadline(probe.query('select 1 as one').then(() => true), timeoutMs);
  return { kysely, answers, end: () => probe.end() };
}

/** `query`'s outcome, or false when it fails (a refused connection is told to the storage health) or takes longer than `timeoutMs`. */
async function withDeadline(query: Promise<boolean>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), timeoutMs); });
  const told = query.catch((error: unknown) => { storageHealth().failed(error); return false; });
  try {
    return await Promise.race([told, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function openDatabase(options: DatabaseOptions): Db {
  mkdirSync(options.dataDir, { recursive: true });
  const probe = join(options.dataDir, '.space-probe');
  const space = () => writeFile(probe, Buffer.alloc(SPACE_PROBE_BYTES)).finally(() => unlink(probe).catch(() => undefined));
  if (options.databaseUrl) {
    const { kysely, answers, end } = openPostgres(options.databaseUrl, { ...DEFAULT_DEADLINES, ...options.deadlines });
    storageHealth().watch({ database: () => sql`select 1`.execute(kysely), space });
    const url = new URL(options.databaseUrl);
    return { kysely, dialect: 'postgres', location: `postgres://${url.host}${url.pathname}`, answers, close: () => Promise.all([kysely.destroy(), end()]).then(() => undefined) };
  }
  const file = join(options.dataDir, 'eventplatform.sqlite');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: openNodeSqlite(file) }), log: observe, plugins: [booleanColumnsPlugin] });
  storageHealth().watch({ database: () => sql`select 1`.execute(kysely), space });
  const answers = (timeoutMs: number) => withDeadline(sql`select 1 as one`.execute(kysely).then(() => true), timeoutMs);
  return { kysely, dialect: 'sqlite', location: file, answers, close: () => kysely.destroy() };
}

/** Brings the schema up to date; safe to run from several nodes at once (kysely locks). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrationsFor(db.dialect)) };
  const migrate = (kysely: Kysely<Database>) => new Migrator({ db: kysely, provider }).migrateToLatest();
  // A migration may wait for the locks of calls another node is serving: it runs without the
  // deadlines a call has, on a connection of its own.
  const { error, results } = db.dialect === 'postgres'
    ? await db.kysely.connection().execute(async (connection) => {
      await sql`set lock_timeout = 0`.execute(connection);
      await sql`set statement_timeout = 0`.execute(connection);
      try {
        return await migrate(connection);
      } finally {
        await sql`reset lock_timeout`.execute(connection);
        await sql`reset statement_timeout`.execute(connection);
      }
    })
    : await migrate(db.kysely);
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  if (applied.length > 0) log.info('database migrated', { applied });
  return applied;
}

let shared: Db | undefined;

/** The process-wide database, opened on first use from the configuration. */
export function database(): Db {
  shared ??= openDatabase({ databaseUrl: config().databaseUrl, dataDir: config().dataDir, deadlines: config().databaseDeadlines });
  return shared;
}

export async function closeDatabase(): Promise<void> {
  const db = shared;
  shared = undefined;
  await db?.close();
  storageHealth().reset();
}
