import type { Redis } from 'ioredis';
import { log } from '~/server/log';

export interface RedisSubscription {
  /** Connects and subscribes; rejects when Redis is away, and subscribes on its own once it comes. */
  start(): Promise<void>;
  /** Whether the subscription is live now. */
  isListening(): boolean;
}

/**
 * Keeps a subscriber connection (made with redisOptions: no automatic resubscribe) subscribed
 * across reconnects: `listen` runs at start and after every later reconnect, and `resumed` only
 * once it answered, so whoever catches up then cannot miss a message published from then on.
 */
export function keepSubscribed(connection: Redis, name: string, listen: () => Promise<unknown>, resumed: () => void): RedisSubscription {
  let isStarted = false;
  let isListening = false;
  const subscribe = async () => {
    await listen();
    isListening = true;
  };
  connection.on('close', () => { isListening = false; });
  connection.on('ready', () => {
    // The first subscription is start()'s own; every later one follows a gap.
    if (!isStarted) return;
    subscribe().then(() => {
      log.info('redis subscription resumed', { name });
      resumed();
    }, (error: unknown) => log.warn('redis subscribe failed', { name, error: String(error) }));
  });
  return {
    async start() {
      try {
        if (connection.status === 'wait') await connection.connect();
        await subscribe();
      } finally {
        isStarted = true;
      }
    },
    isListening: () => isListening,
  };
}

/** Closes connections made with redisOptions: a live one is asked to QUIT, any other dropped (which also stops its reconnecting). */
export async function closeRedis(...connections: Redis[]): Promise<void> {
  await Promise.allSettled(connections.map((c) => (c.status === 'ready' ? c.quit() : Promise.resolve(c.disconnect()))));
}
