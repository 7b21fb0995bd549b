import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import { boundedCache } from '~/server/shared/bounded-cache';
import type { Database } from './schema';

/** Where a prepared query runs: the database or a transaction of it. */
export type QueryRunner = Pick<Kysely<Database>, 'executeQuery'>;

/** Stands in for a value (or one item of a list, `index`) while a prepared query is compiled. */
class Slot {
  constructor(readonly name: string, readonly index: number) {}
}

/** For each parameter of the compiled SQL: where its value comes from at execution. */
type Binding = { slot: string; index: number } | { value: unknown };

interface Compiled<O> {
  query: CompiledQuery<O>;
  bindings: Binding[];
}

export interface PreparedQuery<P, O> {
  /** Every row, for these values. `on` runs it inside a transaction instead of on the database it was made for. */
  all(values: P, on?: QueryRunner): Promise<O[]>;
  /** The first row, or undefined. */
  first(values: P, on?: QueryRunner): Promise<O | undefined>;
  /** Runs a write; how many rows it changed. */
  run(values: P, on?: QueryRunner): Promise<number>;
}

/** Compiled shapes kept per query for lists of different lengths; past it, the least recently used goes. */
const SHAPES_PER_QUERY = 32;

/**
 * A kysely query built and compiled once, executed with new values each time (building
 * and compiling a query costs more CPU than SQLite takes to run it). `build` receives stand-ins
 * for the values (`(p) => db.selectFrom('users').selectAll().where('id', '=', p.id)`) and may use
 * each only where kysely binds a parameter (comparisons, `set`, `values`, `limit`), never to pick
 * a shape: the SQL is fixed when first built. A value named in `lists` is an array for `in`
 * (`where('id', 'in', p.ids)`): the query is compiled once per list length (an empty list is
 * not valid SQL: answer it before asking). Optional filters stay ordinary queries. Executes
 * through kysely's own executor, so transactions, the SQLite connection lock and both dialects
 * (SQLite `?`, PostgreSQL `$n`) work as for any query.
 */
export function prepareQuery<P extends object, O>(
  kysely: QueryRunner, build: (values: P) => Compilable<O>, lists: readonly (keyof P & string)[] = [],
): PreparedQuery<P, O> {
  // Never stale (the SQL of a shape never changes): only the bound ends an entry.
  const shapes = boundedCache<string, Compiled<O>>({ maxEntries: SHAPES_PER_QUERY });

  function compile(lengths: number[]): Compiled<O> {
    const stand = new Proxy({}, {
      get: (_, key) => {
        const name = String(key);
        const at = lists.indexOf(name as keyof P & string);
        return at < 0 ? new Slot(name, -1) : Array.from({ length: lengths[at] ?? 0 }, (_unused, i) => new Slot(name, i));
      },
    }) as P;
    const query = build(stand).compile();
    const bindings = query.parameters.map((p): Binding => (p instanceof Slot ? { slot: p.name, index: p.index } : { value: p }));
    return { query, bindings };
  }

  function compiledFor(values: P): CompiledQuery<O> {
    const source = values as Record<string, unknown>;
    const lengths = lists.map((name) => (source[name] as readonly unknown[]).length);
    const key = lengths.join(',');
    let shape = shapes.get(key);
    if (!shape) {
      shape = compile(lengths);
      shapes.set(key, shape);
    }
    const parameters = shape.bindings.map((b) => {
      if ('value' in b) return b.value;
      const value = b.index < 0 ? source[b.slot] : (source[b.slot] as readonly unknown[])[b.index];
      // kysely leaves undefined values out of a query; here the SQL is fixed, so refuse rather than bind NULL.
      if (value === undefined) throw new TypeError(`prepared query: no value for ${b.slot}`);
      return value;
    });
    return { ...shape.query, parameters };
  }

  const execute = (values: P, on: QueryRunner | undefined): Promise<QueryResult<O>> =>
    (on ?? kysely).executeQuery(compiledFor(values));

  return {
    all: async (values, on) => (await execute(values, on)).rows,
    first: async (values, on) => (await execute(values, on)).rows[0],
    run: async (values, on) => Number((await execute(values, on)).numAffectedRows ?? 0n),
  };
}
