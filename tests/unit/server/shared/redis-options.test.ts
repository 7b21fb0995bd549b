import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { isRedisUnavailable, redisOptions } from '~/server/shared/redis-options';

/** A port nothing listens on: taken from the system, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a Redis connection while Redis is away', () => {
  it('fails its commands at once with errors that read as Redis unavailable', async () => {
    const redis = new Redis(`redis://127.0.0.1:${await closedPort()}`, { ...redisOptions('test'), retryStrategy: () => null });
    redis.on('error', () => undefined);
    const connecting = await redis.connect().then(() => undefined, (error: unknown) => error);
    const started = performance.now();
    const command = await redis.zrangebyscore('presence:1', 0, '+inf').then(() => undefined, (error: unknown) => error);
    expect(performance.now() - started).toBeLessThan(100);
    expect(connecting).toBeInstanceOf(Error);
    expect(command).toBeInstanceOf(Error);
    expect(isRedisUnavailable(connecting)).toBe(true);
    expect(isRedisUnavailable(command)).toBe(true);
    redis.disconnect();
  });

  it('does not take a bug for an outage', () => {
    expect(isRedisUnavailable(new TypeError('Cannot read properties of undefined (reading \'eventId\')'))).toBe(false);
    expect(isRedisUnavailable(new Error('ERR wrong number of arguments for \'zadd\' command'))).toBe(false);
  });
});
