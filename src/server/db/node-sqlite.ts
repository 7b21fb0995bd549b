import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { boundedCache } from '~/server/shared/bounded-cache';

/** Prepared statements kept per SQL text, the least recently used out first; the hot queries are few and repeat. */
const STATEMENT_CACHE_SIZE = 500;

// node:sqlite binds only null, numbers, bigints, strings and bytes; kysely hands us
// booleans and Dates as well, which we store as 0/1 and ISO-8601 text.
function toSqlite(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && !(value instanceof Uint8Array)) return JSON.stringify(value);
  return value as SQLInputValue;
}

function adaptStatement(statement: StatementSync): SqliteStatement {
  const reader = statement.columns().length > 0;
  const bind = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqlite);
  return {
    reader,
    all: (parameters) => statement.all(...bind(parameters)),
    run: (parameters) => {
      const result = statement.run(...bind(parameters));
      return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
    },
    iterate: (parameters) => statement.iterate(...bind(parameters)),
  };
}

/**
 * Opens an SQLite file through Node's built-in driver and presents it the way kysely's
 * SqliteDialect expects (the better-sqlite3 shape), so no native addon is compiled.
 */
export function openNodeSqlite(file: string): SqliteDatabase {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  // Never stale (a statement is its SQL text's): only the bound and closing the database end an entry.
  const cache = boundedCache<string, SqliteStatement>({ maxEntries: STATEMENT_CACHE_SIZE });
  const rollback = adaptStatement(db.prepare('rollback'));
  // SQLite ends a transaction itself when a write fails for a full disk (or an I/O error); kysely
  // then rolls back a transaction that is gone, and that error would hide the one that says why.
  const rollbackIfOpen: SqliteStatement = { ...rollback, run: (parameters) => (db.isTransaction ? rollback.run(parameters) : { changes: 0, lastInsertRowid: 0 }) };
  return {
    prepare(sql) {
      if (sql === 'rollback') return rollbackIfOpen;
      let statement = cache.get(sql);
      if (!statement) {
        statement = adaptStatement(db.prepare(sql));
        cache.set(sql, statement);
      }
      return statement;
    },
    close() {
      cache.clear();
      db.close();
    },
  };
}
