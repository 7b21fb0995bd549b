/**
 * Gathers the point reads asked for during one turn of the event loop into one query
 * (on PostgreSQL each query is a round trip that costs the node more CPU than the read itself).
 * Every read of a batch was asked before the query is sent, so each still sees the database as
 * fresh as its own query would have: nothing is served from an earlier answer. `fetch` gets each
 * key once (at most `maxBatch` per query) and answers the rows it found by key; a key it does not
 * answer reads as undefined. A failed query fails the reads of its batch only.
 */
export function createReadBatcher<K, V>(fetch: (keys: K[]) => Promise<Map<K, V>>, maxBatch = 256) {
  type Waiter = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };
  let pending = new Map<K, Waiter[]>();
  let scheduled = false;

  async function run(batch: Map<K, Waiter[]>): Promise<void> {
    try {
      const found = await fetch([...batch.keys()]);
      for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
    }
  }

  function flush(): void {
    scheduled = false;
    const all = [...pending];
    pending = new Map();
    for (let at = 0; at < all.length; at += maxBatch) void run(new Map(all.slice(at, at + maxBatch)));
  }

  return (key: K): Promise<V | undefined> => new Promise((resolve, reject) => {
    const waiters = pending.get(key);
    if (waiters) waiters.push({ resolve, reject });
    else pending.set(key, [{ resolve, reject }]);
    if (!scheduled) {
      scheduled = true;
      // After the poll phase: the requests read in it have all reached their reads by then.
      setImmediate(flush);
    }
  });
}

/**
 * The list padded to the next power of two by repeating its last item (same rows for `in`), so a
 * prepared query (prepareQuery) keeps a few compiled shapes instead of one per batch size.
 */
export function padToPowerOfTwo<T>(list: readonly T[]): T[] {
  let size = 1;
  while (size < list.length) size *= 2;
  return [...list, ...Array<T>(size - list.length).fill(list.at(-1)!)];
}
