import { Redis } from 'ioredis';
import { log } from '~/server/log';

/**
 * Where the shared limiters keep their failure times: in memory (one node) or in Redis when
 * REDIS_URL is set, so every node counts the same failures and a restart forgets none
 * (docs/security.md). Times are epoch milliseconds, oldest first.
 */
export interface LimitStore {
  /** The times recorded for `key` since `since` (older ones are dropped). */
  recent(key: string, since: number): Promise<number[]>;
  /** Records a time; the key lives `keepMs` after its last time and keeps its newest `keepCount` times. */
  add(key: string, at: number, keepMs: number, keepCount: number): Promise<void>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Keys not touched within this long are swept out of memory (no limiter keeps times longer). */
const SWEEP_EVERY = 1000;

export function createMemoryLimitStore(clock: () => number = Date.now): LimitStore {
  const times = new Map<string, { at: number[]; expires: number }>();
  let adds = 0;

  function sweep(now: number): void {
    for (const [key, entry] of times) if (entry.expires <= now) times.delete(key);
  }

  return {
    recent(key, since) {
      const entry = times.get(key);
      if (!entry) return Promise.resolve([]);
      entry.at = entry.at.filter((t) => t > since);
      if (entry.at.length === 0) times.delete(key);
      return Promise.resolve([...entry.at]);
    },
    add(key, at, keepMs, keepCount) {
      const entry = times.get(key) ?? { at: [], expires: 0 };
      entry.at.push(at);
      if (entry.at.length > keepCount) entry.at.splice(0, entry.at.length - keepCount);
      entry.expires = at + keepMs;
      times.set(key, entry);
      adds += 1;
      // Many one-off keys (addresses, mistyped e-mails) must not pile up in memory.
      if (adds % SWEEP_EVERY === 0) sweep(clock());
      return Promise.resolve();
    },
    clear(key) {
      times.delete(key);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
}

/**
 * One sorted set per key (`<prefix>limit:<key>`), scored by time. A Redis error fails open
 * (logged): refusing every login while Redis is down would be an outage of its own.
 */
export function createRedisLimitStore(url: string, prefix: string): LimitStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true, connectionName: 'limits' });
  redis.on('error', (error: Error) => log.warn('redis connection error', { error: error.message }));
  const keyOf = (key: string) => `${prefix}limit:${key}`;
  let sequence = 0;

  async function safely<T>(work: () => Promise<T>, fallback: T): Promise<T> {
    try {
      if (redis.status === 'wait') await redis.connect();
      return await work();
    } catch (error) {
      log.warn('rate limit store unavailable', { error: error instanceof Error ? error.message : String(error) });
      return fallback;
    }
  }

  return {
    recent: (key, since) => safely(async () => {
      const k = keyOf(key);
      const [, range] = (await redis.multi().zremrangebyscore(k, '-inf', since).zrange(k, 0, -1, 'WITHSCORES').exec()) ?? [];
      const flat = (range?.[1] ?? []) as string[];
      return flat.filter((_, i) => i % 2 === 1).map(Number);
    }, []),
    add: (key, at, keepMs, keepCount) => safely(async () => {
      const k = keyOf(key);
      sequence = (sequence + 1) % 1_000_000;
      // The member must be unique per failure; the score is the time.
      await redis.multi().zadd(k, at, `${at}:${process.pid}:${sequence}:${Math.random()}`)
        .zremrangebyrank(k, 0, -keepCount - 1).pexpire(k, keepMs).exec();
    }, undefined),
    clear: (key) => safely(async () => { await redis.del(keyOf(key)); }, undefined),
    close: async () => { await redis.quit().catch(() => undefined); },
  };
}
