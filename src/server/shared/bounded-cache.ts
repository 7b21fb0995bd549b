import { LRUCache } from 'lru-cache';

/**
 * What a cache may hold: bytes, where an entry's size is known when it is stored (answers,
 * compressed bodies, JSON texts); entries, where an entry is a build still running or an object
 * graph (read models, pictures being measured or drawn).
 */
export type CacheBudget<V> = { maxBytes: number; sizeOf: (value: V) => number } | { maxEntries: number };

/**
 * The one bounded cache under every node-local cache (docs/http-cache.md "Every cache"): an LRU,
 * least recently used out first once the budget is spent. Callers keep their own freshness rules
 * (a lifetime, an event version) and drop entries through the one invalidation path (the broker's
 * data-change message, app.ts).
 */
export function boundedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(budget: CacheBudget<V>): LRUCache<K, V> {
  // lru-cache refuses a budget of 0; a cache turned off keeps nothing anyway (its owner checks).
  if ('maxEntries' in budget) return new LRUCache<K, V>({ max: Math.max(1, budget.maxEntries) });
  const { maxBytes, sizeOf } = budget;
  return new LRUCache<K, V>({ maxSize: Math.max(1, maxBytes), sizeCalculation: (value) => Math.max(1, sizeOf(value)) });
}
