import type { LimitStore } from './limit-store';

/**
 * A limiter whose counts live in a LimitStore (memory, or Redis shared by every node). Keys are
 * namespaced by the limiter's name, so limiters sharing a store never mix their counts.
 */
export interface SharedLimiter {
  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): Promise<number>;
  /** Counts one failure (or one use) of the key. */
  fail(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

interface Common {
  store: LimitStore;
  name: string;
  clock?: () => number;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** At most `limit` uses per key in any `windowMs` (a sliding window). */
export function createWindowLimiter({ store, name, limit, windowMs, clock = Date.now }: Common & { limit: number; windowMs: number }): SharedLimiter {
  const keyOf = (key: string) => `${name}:${key}`;
  return {
    async retryAfter(key) {
      const now = clock();
      const times = await store.recent(keyOf(key), now - windowMs);
      if (times.length < limit) return 0;
      return seconds(times[times.length - limit]! + windowMs - now);
    },
    fail: (key) => store.add(keyOf(key), clock(), windowMs, limit),
    reset: (key) => store.clear(keyOf(key)),
  };
}

export interface BackoffPolicy {
  /** Failures that cost nothing. */
  free: number;
  /** The wait after the first failure beyond `free`; each further failure doubles it. */
  baseMs: number;
  /** The longest wait. */
  capMs: number;
  /** Failures older than this are forgotten. */
  forgetMs: number;
}

/** The wait after `count` failures: 0 up to `free`, then base, 2·base, 4·base … up to the cap. */
export function backoffDelay(count: number, { free, baseMs, capMs }: Pick<BackoffPolicy, 'free' | 'baseMs' | 'capMs'>): number {
  if (count < free) return 0;
  return Math.min(capMs, baseMs * 2 ** Math.min(count - free, 30));
}

/**
 * Growing delays instead of a lock (issue 11): after `free` failures each try must wait,
 * counted from the last failure, twice as long as the one before, up to `capMs`. Nobody is
 * locked out for long, and guessing gets slow fast.
 */
export function createBackoffLimiter({ store, name, clock = Date.now, ...policy }: Common & BackoffPolicy): SharedLimiter {
  const keyOf = (key: string) => `${name}:${key}`;
  // Enough times to reach the cap; more would not change the delay.
  const keep = policy.free + Math.ceil(Math.log2(policy.capMs / policy.baseMs)) + 2;
  return {
    async retryAfter(key) {
      const now = clock();
      const times = await store.recent(keyOf(key), now - policy.forgetMs);
      const delay = backoffDelay(times.length, policy);
      const last = times[times.length - 1];
      if (delay === 0 || last === undefined || last + delay <= now) return 0;
      return seconds(last + delay - now);
    },
    fail: (key) => store.add(keyOf(key), clock(), policy.forgetMs, keep),
    reset: (key) => store.clear(keyOf(key)),
  };
}

/** The longest wait of several limiters for their keys (0 when all allow). */
export async function longestWait(checks: [SharedLimiter, string][]): Promise<number> {
  const waits = await Promise.all(checks.map(([limiter, key]) => limiter.retryAfter(key)));
  return Math.max(0, ...waits);
}

/** Keys remembered for a while, e.g. the addresses an account logged in from. */
export interface Marks {
  has(key: string): Promise<boolean>;
  mark(key: string): Promise<void>;
}

export function createMarks({ store, name, ttlMs, clock = Date.now }: Common & { ttlMs: number }): Marks {
  const keyOf = (key: string) => `${name}:${key}`;
  return {
    has: async (key) => (await store.recent(keyOf(key), clock() - ttlMs)).length > 0,
    mark: (key) => store.add(keyOf(key), clock(), ttlMs, 1),
  };
}
