import { once } from 'node:events';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible';
import { log } from '~/server/log';
import { LIMIT_COMMAND_TIMEOUT_MS, redisOptions } from '~/server/shared/redis-options';

/**
 * Where the limiters keep their counts: rate-limiter-flexible's memory limiter (one node), or its
 * Redis limiter when REDIS_URL is set, so every node counts the same failures and a restart
 * forgets none (docs/security.md "Limits").
 */
export interface LimitStore {
  /** A count per key under `name`, each key kept `durationMs` from its first count (its own `set` may say otherwise). */
  counter(name: string, points: number, durationMs: number): RateLimiterAbstract;
  /** Resolves once the store can answer, or after `ms`; never rejects. */
  ready(ms: number): Promise<void>;
  close(): Promise<void>;
}

/** The memory store expires keys with Node timers, which fire at once past 2^31 - 1 ms (24.8 days). */
const MAX_MEMORY_SECONDS = Math.floor((2 ** 31 - 1) / 1000);
const toSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

class MemoryCounter extends RateLimiterMemory {
  override set(key: string | number, points: number, secDuration: number): Promise<RateLimiterRes> {
    return super.set(key, points, Math.min(secDuration, MAX_MEMORY_SECONDS));
  }

  override block(key: string | number, secDuration: number): Promise<RateLimiterRes> {
    return super.block(key, Math.min(secDuration, MAX_MEMORY_SECONDS));
  }
}

const memoryCounter = (name: string, points: number, durationMs: number) =>
  new MemoryCounter({ keyPrefix: name, points, duration: Math.min(toSeconds(durationMs), MAX_MEMORY_SECONDS) });

export function createMemoryLimitStore(): LimitStore {
  return { counter: memoryCounter, ready: () => Promise.resolve(), close: () => Promise.resolve() };
}

/**
 * Counts in Redis (`<prefix>rl:<name>:<key>`). While Redis cannot answer, nothing waits for it: the
 * connection (redisOptions) keeps no offline queue and gives a command LIMIT_COMMAND_TIMEOUT_MS, and each limiter
 * counts in this node's memory meanwhile (rate-limiter-flexible's insurance limiter) — neither
 * open (guessing would be free) nor closed (nobody could log in while Redis is down).
 */
export function createRedisLimitStore(url: string, prefix: string): LimitStore {
  const redis = new Redis(url, redisOptions('limits', LIMIT_COMMAND_TIMEOUT_MS));
  // One warning per outage, not one per reconnection attempt.
  let isDown = false;
  let isClosing = false;
  const lost = (reason: string) => {
    if (isDown || isClosing) return;
    isDown = true;
    log.warn('limits counted per node: redis unavailable', { reason });
  };
  redis.on('error', (error: Error) => lost(error.message));
  redis.on('close', () => lost('connection closed'));
  redis.on('ready', () => {
    if (isDown) log.info('limits counted in redis again');
    isDown = false;
  });
  // A failed first connection is retried like any lost one; the 'error' handler has reported it.
  void redis.connect().catch(() => undefined);

  return {
    counter: (name, points, durationMs) => new RateLimiterRedis({
      storeClient: redis, keyPrefix: `${prefix}rl:${name}`, points, duration: toSeconds(durationMs),
      rejectIfRedisNotReady: true, insuranceLimiter: memoryCounter(name, points, durationMs),
    }),
    async ready(ms) {
      if (redis.status === 'ready') return;
      const timeout = AbortSignal.timeout(ms);
      await once(redis, 'ready', { signal: timeout }).catch(() => undefined);
    },
    async close() {
      isClosing = true;
      await redis.quit().catch(() => undefined);
      redis.disconnect();
    },
  };
}
