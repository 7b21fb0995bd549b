import type { RedisOptions } from 'ioredis';

/** Longest a command waits for Redis's answer before it fails (a link that died without a word). */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/** A rate-limit count Redis has not answered by then counts in the node's memory instead: a login never waits on it longer. */
export const LIMIT_COMMAND_TIMEOUT_MS = 250;

/**
 * How a node opens a Redis connection (docs/operations.md "Broker (Redis) outage"): while Redis
 * is away every command fails at once instead of waiting to be sent late. A frame published from
 * a queue after the gap would reach sockets that already caught up, and a request waiting on it
 * would hold its caller for seconds; the owner of each connection decides what a failure means.
 * Subscriptions are renewed by their owner, which then knows when it hears again. `commandTimeout`
 * shortens the wait for a connection whose owner has an answer of its own meanwhile.
 */
export function redisOptions(connectionName: string, commandTimeout = REDIS_COMMAND_TIMEOUT_MS): RedisOptions {
  return {
    connectionName,
    lazyConnect: true,
    enableOfflineQueue: false,
    // A command in flight when the link dropped is failed, not sent again after the reconnect.
    autoResendUnfulfilledCommands: false,
    autoResubscribe: false,
    commandTimeout,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    // Try again soon: a node is back on the broker within a second of Redis returning.
    retryStrategy: (attempt: number) => Math.min(attempt * 100, 1000),
  };
}

/** What ioredis rejects a command with while Redis is away under redisOptions (no queue, timeout, no retry, link down). */
const UNAVAILABLE = [/^Stream isn't writeable/, /^Connection is closed/, /^Command timed out/, /max retries per request/i, /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH)\b/];

/**
 * Whether a failed Redis command only says Redis is away (an expected outage, logged as a
 * warning: docs/operations.md "Faults") rather than a bug worth an error line.
 */
export function isRedisUnavailable(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return UNAVAILABLE.some((pattern) => pattern.test(message));
}
