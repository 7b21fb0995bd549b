import type { LimitStore } from './limit-store';

/**
 * A limit on what a key (an address, an account, a user) may do, counted in a LimitStore:
 * memory, or Redis shared by every node. Keys are namespaced by the limiter's name, so limiters
 * sharing a store never mix their counts. Every limit of the server is one of these
 * (docs/security.md "Limits").
 */
export interface Limiter {
  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): Promise<number>;
  /** Counts one failure (or one use) of the key. */
  fail(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

interface Common {
  store: LimitStore;
  name: string;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** A window limiter that also counts a use and answers in one step. */
export interface WindowLimiter extends Limiter {
  /**
   * Counts one use and returns the seconds to wait when it went beyond the limit, else 0. One
   * atomic count: a burst of concurrent uses cannot all read "one left" before any of them counts.
   */
  take(key: string): Promise<number>;
}

/** At most `limit` uses per key in a window of `windowMs` that starts with the key's first use. */
export function createWindowLimiter({ store, name, limit, windowMs }: Common & { limit: number; windowMs: number }): WindowLimiter {
  const uses = store.counter(name, limit, windowMs);
  return {
    async take(key) {
      const counted = await uses.penalty(key);
      return counted.consumedPoints > limit ? seconds(counted.msBeforeNext) : 0;
    },
    async retryAfter(key) {
      const counted = await uses.get(key);
      return counted && counted.consumedPoints >= limit && counted.msBeforeNext > 0 ? seconds(counted.msBeforeNext) : 0;
    },
    fail: async (key) => { await uses.penalty(key); },
    reset: async (key) => { await uses.delete(key); },
  };
}

export interface BackoffPolicy {
  /** Failures that cost nothing. */
  free: number;
  /** The wait after the first failure beyond `free`; each further failure doubles it. */
  baseMs: number;
  /** The longest wait. */
  capMs: number;
  /** Failures are forgotten this long after the last one. */
  forgetMs: number;
}

/** The wait after `count` failures: 0 below `free`, then base, 2·base, 4·base … up to the cap. */
export function backoffDelay(count: number, { free, baseMs, capMs }: Pick<BackoffPolicy, 'free' | 'baseMs' | 'capMs'>): number {
  if (count < free) return 0;
  return Math.min(capMs, baseMs * 2 ** Math.min(count - free, 30));
}

/**
 * Growing delays instead of a lock: after `free` failures each try must wait, counted from the
 * last failure, twice as long as the one before, up to `capMs`. Nobody is locked out for long,
 * and guessing gets slow fast. A failure count and a wait per key, both in the store.
 */
export function createBackoffLimiter({ store, name, ...policy }: Common & BackoffPolicy): Limiter {
  const failures = store.counter(name, Number.MAX_SAFE_INTEGER, policy.forgetMs);
  const waits = store.counter(`${name}-wait`, 1, policy.capMs);
  return {
    async retryAfter(key) {
      const waiting = await waits.get(key);
      return waiting && waiting.msBeforeNext > 0 ? seconds(waiting.msBeforeNext) : 0;
    },
    async fail(key) {
      const { consumedPoints } = await failures.penalty(key);
      // The count lives forgetMs from the last failure, not from the first.
      await failures.set(key, consumedPoints, seconds(policy.forgetMs));
      const delay = backoffDelay(consumedPoints, policy);
      if (delay > 0) await waits.block(key, seconds(delay));
    },
    async reset(key) {
      await Promise.all([failures.delete(key), waits.delete(key)]);
    },
  };
}

/** The longest wait of several limiters for their keys (0 when all allow). */
export async function longestWait(checks: [Limiter, string][]): Promise<number> {
  const waits = await Promise.all(checks.map(([limiter, key]) => limiter.retryAfter(key)));
  return Math.max(0, ...waits);
}

/** Counts one use of the key and answers 0, or answers how many seconds it must wait (a window limiter counts that use too, in the same atomic step). */
export async function take(limiter: Limiter | WindowLimiter, key: string): Promise<number> {
  if ('take' in limiter) return limiter.take(key);
  const wait = await limiter.retryAfter(key);
  if (wait === 0) await limiter.fail(key);
  return wait;
}

/** Keys remembered for a while, e.g. the addresses an account logged in from. */
export interface Marks {
  has(key: string): Promise<boolean>;
  mark(key: string): Promise<void>;
}

/** Each mark lasts `ttlMs` from the last time it was set. */
export function createMarks({ store, name, ttlMs }: Common & { ttlMs: number }): Marks {
  const marks = store.counter(name, 1, ttlMs);
  return {
    has: async (key) => (await marks.get(key)) !== null,
    mark: async (key) => { await marks.set(key, 1, seconds(ttlMs)); },
  };
}

/**
 * Waits a server told: a key told to wait until a time gets one turn once that time has come,
 * even if the wait it was told has been set again by someone else meanwhile (a guesser firing
 * as a shared wait ends must not keep a newcomer waiting for ever). A turn is kept for
 * `graceMs` after its time; coming back early is told a new wait.
 */
export interface Turns {
  /** Tells `key` to come back in `seconds`. */
  promise(key: string, seconds: number): Promise<void>;
  /** Whether `key` was told a wait that has now passed; the turn is used up. */
  redeem(key: string): Promise<boolean>;
}

export function createTurns({ store, name, graceMs, now = () => Date.now() }: Common & { graceMs: number; now?: () => number }): Turns {
  // The time a turn comes, in milliseconds since the epoch, kept as the counter's points.
  const turns = store.counter(name, Number.MAX_SAFE_INTEGER, graceMs);
  return {
    async promise(key, wait) {
      await turns.set(key, now() + wait * 1000, wait + seconds(graceMs));
    },
    async redeem(key) {
      const turn = await turns.get(key);
      if (!turn || turn.consumedPoints > now()) return false;
      await turns.delete(key);
      return true;
    },
  };
}
