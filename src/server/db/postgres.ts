import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import { DomainError } from '~/server/errors';

/** int8 (count, sum of integers) and numeric (sum of int8, avg): pg gives them as text by default. */
const INT8 = 20;
const NUMERIC = 1700;

/**
 * The pool's type parsers: counts and sums come back as numbers, like every other integer. No value
 * this schema stores or counts comes near 2^53.
 */
const builtIn: (oid: number, format?: 'text' | 'binary') => (text: string) => unknown = pg.types.getTypeParser;

export const postgresTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (oid === INT8 || oid === NUMERIC ? Number : builtIn(oid, format))) as pg.CustomTypesConfig['getTypeParser'],
};

// The boolean columns are integers (schema.ts); pg would send `true` as 'true', which they refuse.
const toPostgres = (value: unknown): unknown => (typeof value === 'boolean' ? Number(value) : value);

function wrap(client: pg.PoolClient): PostgresPoolClient {
  function query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query(text: string | PostgresCursor<unknown>, parameters: readonly unknown[] = []): unknown {
    // kysely asks for a cursor only when the dialect is given one, and this one is not.
    if (typeof text !== 'string') throw new TypeError('postgres: no cursor support');
    return client.query(text, parameters.map(toPostgres));
  }
  return { query, release: (destroy?: boolean) => client.release(destroy) };
}

/**
 * The pool as kysely sees it, binding booleans as 1/0 as the SQLite driver does. One wrapper per
 * pooled client, because kysely keeps its connection state by client.
 */
export function bindingBooleansAsIntegers(pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    Client: pg.Client,
    options: pool.options,
    connect: async () => {
      // Every connection taken before this call waited: a timeout then is overload, not a lost database.
      const isFull = pool.totalCount >= (pool.options.max ?? 10) && pool.idleCount === 0;
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        if (isFull && error instanceof Error && error.message.startsWith('timeout exceeded when trying to connect')) {
          throw new DomainError('server.busy', 'The server is busy; try again shortly', { retryAfter: 1 });
        }
        throw error;
      }
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}
