import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { toErrorResponse } from '~/server/errors';
import { openNodeSqlite } from '~/server/db/node-sqlite';
import { storageFaultError, storageFaultOf } from '~/server/shared/storage-faults';

const errorOf = (work: () => unknown): unknown => {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
};

describe('storage faults', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ep-faults-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names a database locked by another writer busy: 503 with Retry-After', async () => {
    const file = join(dir, 'locked.sqlite');
    const holder = new DatabaseSync(file);
    holder.exec('create table t (x); begin immediate');
    const other = new DatabaseSync(file, { timeout: 0 });
    const error = errorOf(() => other.exec('insert into t values (1)'));
    holder.close();
    other.close();
    expect(storageFaultOf(error)).toBe('busy');
    const answer = toErrorResponse(storageFaultError('busy'));
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(await answer.json()).toMatchObject({ error: 'database.busy', retryAfter: 1 });
  });

  it('names a database that cannot grow full: 507 naming the disk', async () => {
    const db = new DatabaseSync(':memory:');
    db.exec('create table t (x); pragma max_page_count = 2');
    const error = errorOf(() => { for (;;) db.prepare('insert into t values (?)').run('x'.repeat(4000)); });
    expect(storageFaultOf(error)).toBe('full');
    const answer = toErrorResponse(storageFaultError('full'));
    expect(answer.status).toBe(507);
    expect(await answer.json()).toMatchObject({ error: 'storage.insufficient', message: expect.stringMatching(/disk space/) as string });
    expect(storageFaultOf(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }))).toBe('full');
  });

  it('names a PostgreSQL that refuses or ends connections unavailable: 503 with Retry-After', async () => {
    // Nothing listens on port 1.
    const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:1/none' });
    const refused = await client.connect().then(() => undefined, (error: unknown) => error);
    expect(storageFaultOf(refused)).toBe('unavailable');
    expect(storageFaultOf(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe('unavailable');
    expect(storageFaultOf(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    expect(storageFaultOf(new Error('wrapped', { cause: new Error('Connection terminated due to connection timeout') }))).toBe('unavailable');
    const answer = toErrorResponse(storageFaultError('unavailable'));
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
  });

  it('leaves every other error alone (a 500 stays a 500)', () => {
    expect(storageFaultOf(new Error('boom'))).toBeUndefined();
    expect(storageFaultOf(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBeUndefined();
    const db = new DatabaseSync(':memory:');
    expect(storageFaultOf(errorOf(() => db.exec('select * from missing')))).toBeUndefined();
  });

  it('takes a client that hung up (Node\'s aborted, ECONNRESET), also as a cause, for no storage fault', () => {
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    expect(storageFaultOf(aborted)).toBeUndefined();
    expect(storageFaultOf(new TypeError('terminated', { cause: aborted }))).toBeUndefined();
    expect(storageFaultOf(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe('unavailable');
  });

  it('lets the error a full disk raised inside a transaction through, not a failed rollback', () => {
    const sqlite = openNodeSqlite(join(dir, 'rollback.sqlite'));
    sqlite.prepare('pragma max_page_count = 3').run([]);
    sqlite.prepare('create table t (x)').run([]);
    sqlite.prepare('begin').run([]);
    const error = errorOf(() => { for (;;) sqlite.prepare('insert into t values (?)').run(['x'.repeat(4000)]); });
    expect(storageFaultOf(error)).toBe('full');
    // SQLite ended the transaction itself; kysely's rollback after it must not throw.
    expect(() => sqlite.prepare('rollback').run([])).not.toThrow();
    sqlite.close();
  });
});
