/**
 * Counts uses per key in a sliding window, synchronously and in memory, per node: for the hot,
 * low-stakes limits (poll answers, the lead form), where with N nodes a client gets at most N
 * times the budget. Login, recovery and mail limits use shared-limiter.ts, kept in Redis when
 * REDIS_URL is set (docs/security.md).
 */
export interface RateLimiter {
  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): number;
  fail(key: string): void;
  reset(key: string): void;
}

export function createRateLimiter({ limit, windowMs, clock = Date.now }: { limit: number; windowMs: number; clock?: () => number }): RateLimiter {
  const failures = new Map<string, number[]>();

  function recent(key: string): number[] {
    const since = clock() - windowMs;
    const times = (failures.get(key) ?? []).filter((t) => t > since);
    if (times.length === 0) failures.delete(key);
    else failures.set(key, times);
    return times;
  }

  return {
    retryAfter(key) {
      const times = recent(key);
      if (times.length < limit) return 0;
      return Math.max(1, Math.ceil((times[times.length - limit]! + windowMs - clock()) / 1000));
    },
    fail(key) {
      failures.set(key, [...recent(key), clock()]);
    },
    reset(key) {
      failures.delete(key);
    },
  };
}
