import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import { config } from '~/server/config';
import { log } from '~/server/log';
import type { Database } from './schema';
import type { Dialect } from './migrations/helpers';
import { migrationsFor } from './migrations/index';
import { openNodeSqlite } from './node-sqlite';

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

export function openDatabase(options: DatabaseOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const url = new URL(options.databaseUrl);
    return { kysely, dialect: 'postgres', location: `postgres://${url.host}${url.pathname}`, close: () => kysely.destroy() };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = join(options.dataDir, 'eventplatform.sqlite');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: openNodeSqlite(file) }) });
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
}
