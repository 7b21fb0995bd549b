import { DomainError } from '~/server/errors';

/**
 * What kind of storage fault an error was: the database cannot be reached (`unavailable`), it is
 * locked by another writer past the busy timeout (`busy`), or the disk (or the database) is full
 * (`full`). Anything else is not a storage fault and stays a 500.
 */
export type StorageFault = 'unavailable' | 'busy' | 'full';

/** Seconds a client is asked to wait before retrying, by fault. */
export const RETRY_AFTER_SECONDS = { unavailable: 5, busy: 1 } as const;

// PostgreSQL SQLSTATE: 57P01-03 the server shuts down or starts, 08xxx connection exceptions,
// 53300 too many connections; 53100 disk full.
const PG_UNAVAILABLE = /^(57P0[123]|08...|53300)$/;
const PG_FULL = '53100';
// 57014 a statement cancelled at its deadline, 55P03 a lock not granted in time: a table another
// transaction holds, not a lost database (docs/operations.md "Slow faults").
const PG_BUSY = /^(57014|55P03)$/;
// Errors of the socket under the pg client, and pg's own words when it loses or cannot get one.
const NET_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const PG_LOST = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|Query read timeout)/;
// SQLite primary result codes (the low byte of an extended code): BUSY, LOCKED, FULL.
const SQLITE_BUSY = new Set([5, 6]);
const SQLITE_FULL = 13;
// A file write out of space, or over a quota.
const FS_FULL = new Set(['ENOSPC', 'EDQUOT']);

function faultOfOne(error: Error): StorageFault | undefined {
  const { code, errcode } = error as Error & { code?: unknown; errcode?: unknown };
  if (typeof code === 'string') {
    if (FS_FULL.has(code) || code === PG_FULL) return 'full';
    if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number') {
      if ((errcode & 0xff) === SQLITE_FULL) return 'full';
      return SQLITE_BUSY.has(errcode & 0xff) ? 'busy' : undefined;
    }
    if (PG_UNAVAILABLE.test(code) || NET_UNAVAILABLE.has(code)) return 'unavailable';
    if (PG_BUSY.test(code)) return 'busy';
  }
  return PG_LOST.test(error.message) ? 'unavailable' : undefined;
}

/**
 * The storage fault behind `error` (it or one of its causes), or undefined for any other error.
 * Node's `aborted` (ECONNRESET) is a client that hung up on its own request, not a lost database.
 */
export function storageFaultOf(error: unknown): StorageFault | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth += 1) {
    if (e.message === 'aborted' && (e as NodeJS.ErrnoException).code === 'ECONNRESET') return undefined;
    const fault = faultOfOne(e);
    if (fault) return fault;
  }
  return undefined;
}

/** The answer a client gets for a storage fault: 503 with Retry-After, or 507 naming the full disk. */
export function storageFaultError(fault: StorageFault): DomainError {
  switch (fault) {
    case 'unavailable':
      return new DomainError('database.unavailable', 'The database cannot be reached; try again shortly', { retryAfter: RETRY_AFTER_SECONDS.unavailable });
    case 'busy':
      return new DomainError('database.busy', 'The database is busy; try again shortly', { retryAfter: RETRY_AFTER_SECONDS.busy });
    case 'full':
      return new DomainError('storage.insufficient', 'The server is out of disk space; nothing was saved');
  }
}
