import { Redis } from 'ioredis';
import { log } from '~/server/log';
import { redisOptions } from '~/server/shared/redis-options';
import { closeRedis, keepSubscribed } from '~/server/shared/redis-subscription';
import type { Broker, BrokerHandler, ControlHandler } from './broker';

/**
 * Redis pub/sub across nodes: one connection publishes, one PSUBSCRIBEs `<prefix>rt:*`.
 * One pattern for all events (instead of SUBSCRIBE per event as sockets come and go) keeps
 * the subscriber free of join/leave races; a deployment hosts few events and, behind a load
 * balancer, every node has sockets of each live event anyway. Frames travel as Buffers so
 * the received bytes go to the sockets without a string round trip. Control messages between
 * hubs travel on `<prefix>rtc` (outside the pattern), so no socket ever receives one.
 *
 * While Redis is away a publish fails at once (redis-options.ts); when it is back the subscriber
 * subscribes anew and only then reports `resumed` (redis-subscription.ts).
 */
export function createRedisBroker(url: string, prefix: string): Broker {
  const channelPrefix = `${prefix}rt:`;
  const pattern = `${channelPrefix}*`;
  const controlChannel = `${prefix}rtc`;
  const publisher = new Redis(url, redisOptions('realtime-pub'));
  const subscriber = new Redis(url, redisOptions('realtime-sub'));
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error: Error) => log.warn('redis connection error', { error: error.message }));
  }
  let onResumed: (() => void) | undefined;
  const subscription = keepSubscribed(subscriber, 'realtime', async () => {
    await subscriber.psubscribe(pattern);
    await subscriber.subscribe(controlChannel);
  }, () => onResumed?.());

  const connectPublisher = async () => {
    if (publisher.status === 'wait') await publisher.connect();
  };

  return {
    async publish(eventId, payload, userId) {
      await connectPublisher();
      const channel = channelPrefix + String(eventId) + (userId === undefined ? '' : `:u${userId}`);
      await publisher.publish(channel, payload);
    },
    async publishControl(message) {
      await connectPublisher();
      await publisher.publish(controlChannel, message);
    },
    async subscribe(handler: BrokerHandler, control?: ControlHandler, resumed?: () => void) {
      onResumed = resumed;
      subscriber.on('pmessageBuffer', (_pattern: Buffer, channel: Buffer, message: Buffer) => {
        // `<prefix>rt:<eventId>` for the whole event, `<prefix>rt:<eventId>:u<userId>` for one user.
        const [event, user] = channel.toString('latin1', Buffer.byteLength(channelPrefix)).split(':u');
        const eventId = Number(event);
        const userId = user === undefined ? undefined : Number(user);
        if (Number.isInteger(eventId) && (userId === undefined || Number.isInteger(userId))) handler(eventId, message, userId);
      });
      subscriber.on('messageBuffer', (channel: Buffer, message: Buffer) => {
        if (control && channel.toString('latin1') === controlChannel) control(message);
      });
      await subscription.start();
      // Connected now rather than at the first publish, so readiness can tell a Redis that is down.
      await connectPublisher();
    },
    isConnected: () => publisher.status === 'ready' && subscription.isListening(),
    async close() {
      onResumed = undefined;
      await closeRedis(publisher, subscriber);
    },
  };
}
