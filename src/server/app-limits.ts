import { createMemoryLimitStore, createRedisLimitStore, type LimitStore } from '~/server/shared/limit-store';
import { createBackoffLimiter, createMarks, createTurns, createWindowLimiter } from '~/server/shared/limiter';

const MINUTE = 60 * 1000;

/** A per-node limit, for the hot per-attendee ones (answers, posts, chat): no Redis round trip per use. */
export const localLimiter = (limit: number, minutes: number) =>
  createWindowLimiter({ store: createMemoryLimitStore(), name: 'local', limit, windowMs: minutes * MINUTE });

/**
 * The limits shared by every node (Redis when configured, else this node's memory), built by
 * name and budget: windows of uses, backoff after failures, and marks that remember a key.
 */
export function sharedLimits(config: { redisUrl?: string | undefined; redisPrefix: string }) {
  const store: LimitStore = config.redisUrl ? createRedisLimitStore(config.redisUrl, config.redisPrefix) : createMemoryLimitStore();
  return {
    store,
    window: (name: string, limit: number, minutes: number) => createWindowLimiter({ store, name, limit, windowMs: minutes * MINUTE }),
    backoff: (name: string, free: number, capSeconds: number, forgetMinutes: number) =>
      createBackoffLimiter({ store, name, free, baseMs: 1000, capMs: capSeconds * 1000, forgetMs: forgetMinutes * MINUTE }),
    marks: (name: string, days: number) => createMarks({ store, name, ttlMs: days * 24 * 60 * MINUTE }),
    turns: (name: string, graceMinutes: number) => createTurns({ store, name, graceMs: graceMinutes * MINUTE }),
  };
}
