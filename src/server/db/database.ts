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
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
}

/** How long a request waits for a PostgreSQL connection before it fails (a 503, not a hang). */
const CONNECT_TIMEOUT_MS = 5000;
/** Bytes the space probe writes: enough to need a fresh block on any file system. */
const SPACE_PROBE_BYTES = 64 * 1024;
const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);

// Every query's outcome tells the storage health what it needs, with no query of its own: an error
// may be a lost database or a full disk, a success proves the database (and, for a write, the disk) back.
function observe(event: LogEvent): void {
  if (event.level === 'error') storageHealth().failed(event.error);
  else storageHealth().succeeded(WRITES.has(event.query.query.kind));
}

function openPostgres(databaseUrl: string): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true, types: postgresTypes });
  // PostgreSQL ends connections when it stops or restarts (57P01): an idle one's error reaches
  // the pool, a checked-out one's between two queries reaches the client. Either must be only
  // logged, never an unhandled 'error' event that ends the process; the pool replaces the client.
  pool.on('error', (error) => {
    storageHealth().failed(error);
    log.warn('database connection lost; the pool opens a new one', { error: error.message });
  });
  pool.on('connect', (client) => client.on('error', (error) => storageHealth().failed(error)));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: bindingBooleansAsIntegers(pool) }), log: observe, plugins: [booleanColumnsPlugin] });
}

export function openDatabase(options: DatabaseOptions): Db {
  mkdirSync(options.dataDir, { recursive: true });
  const probe = join(options.dataDir, '.space-probe');
  const space = () => writeFile(probe, Buffer.alloc(SPACE_PROBE_BYTES)).finally(() => unlink(probe).catch(() => undefined));
  if (options.databaseUrl) {
    const kysely = openPostgres(options.databaseUrl);
    storageHealth().watch({ database: () => sql`select 1`.execute(kysely), space });
    const url = new URL(options.databaseUrl);
    return { kysely, dialect: 'postgres', location: `postgres://${url.host}${url.pathname}`, close: () => kysely.destroy() };
  }
  const file = join(options.dataDir, 'eventplatform.sqlite');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: openNodeSqlite(file) }), log: observe, plugins: [booleanColumnsPlugin] });
  storageHealth().watch({ database: () => sql`select 1`.execute(kysely), space });
  return { kysely, dialect: 'sqlite', location: file, close: () => kysely.destroy() };
}

/** Brings the schema up to date; safe to run from several nodes at once (kysely locks). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrationsFor(db.dialect)) };
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  if (applied.length > 0) log.info('database migrated', { applied });
  return applied;
}

let shared: Db | undefined;

/** The process-wide database, opened on first use from the configuration. */
export function database(): Db {
  shared ??= openDatabase({ databaseUrl: config().databaseUrl, dataDir: config().dataDir });
  return shared;
}

export async function closeDatabase(): Promise<void> {
  const db = shared;
  shared = undefined;
  await db?.close();
  storageHealth().reset();
}
