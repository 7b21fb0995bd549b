import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { log } from '~/server/log';
import { redisOptions } from '~/server/shared/redis-options';
import { closeRedis, keepSubscribed } from '~/server/shared/redis-subscription';
import type { PresenceEntry, PresenceSignalHandler, PresenceStore } from './presence-store';

export interface RedisPresenceOptions {
  url: string;
  prefix: string;
  /** How long an entry lives without renewal: a node that dies drops out after this. */
  ttlMs: number;
  now?: () => number;
}

/**
 * Presence shared through Redis. Per event one sorted set `<prefix>presence:<eventId>` whose
 * members are `<userId>@<nodeId>` scored by their expiry time: a user is online while any
 * node's member for them has not expired. Nodes renew their members every refresh, so a node
 * that dies (no close handshake, no cleanup) drops out after the TTL, and a user held by two
 * nodes stays online while either holds them. Changes are signalled on `<prefix>presence`
 * (the event id, or `<eventId>:v<userId>:<0|1>` for a visibility change); each node then
 * reloads the set and diffs it against what it knew.
 */
export function createRedisPresenceStore({ url, prefix, ttlMs, now = Date.now }: RedisPresenceOptions): PresenceStore {
  const nodeId = randomBytes(6).toString('hex');
  const channel = `${prefix}presence`;
  const keyOf = (eventId: number) => `${prefix}presence:${eventId}`;
  const commands = new Redis(url, redisOptions('presence'));
  const subscriber = new Redis(url, redisOptions('presence-sub'));
  for (const connection of [commands, subscriber]) {
    connection.on('error', (error: Error) => log.warn('redis presence connection error', { error: error.message }));
  }
  const ready = async () => {
    if (commands.status === 'wait') await commands.connect();
  };

  return {
    async set(eventId, userId, isHere) {
      await ready();
      const key = keyOf(eventId);
      const member = `${userId}@${nodeId}`;
      const write = commands.multi();
      if (isHere) write.zadd(key, now() + ttlMs, member).pexpire(key, ttlMs * 2);
      else write.zrem(key, member);
      await write.publish(channel, String(eventId)).exec();
    },

    async refresh(entries: readonly PresenceEntry[], isAnnounced = false) {
      if (entries.length === 0) return;
      await ready();
      const expiresAt = now() + ttlMs;
      const byEvent = new Map<number, (string | number)[]>();
      for (const { eventId, userId } of entries) {
        let args = byEvent.get(eventId);
        if (!args) byEvent.set(eventId, (args = []));
        args.push(expiresAt, `${userId}@${nodeId}`);
      }
      const write = commands.pipeline();
      for (const [eventId, args] of byEvent) {
        const key = keyOf(eventId);
        write.zadd(key, ...args).zremrangebyscore(key, '-inf', now()).pexpire(key, ttlMs * 2);
        if (isAnnounced) write.publish(channel, String(eventId));
      }
      await write.exec();
    },

    async load(eventId) {
      await ready();
      const flat = await commands.zrangebyscore(keyOf(eventId), now(), '+inf', 'WITHSCORES');
      const online = new Set<number>();
      let nextExpiryAt: number | undefined;
      for (let i = 0; i + 1 < flat.length; i += 2) {
        const member = flat[i]!;
        online.add(Number(member.slice(0, member.indexOf('@'))));
        const expiresAt = Number(flat[i + 1]);
        if (nextExpiryAt === undefined || expiresAt < nextExpiryAt) nextExpiryAt = expiresAt;
      }
      return nextExpiryAt === undefined ? { online } : { online, nextExpiryAt };
    },

    async announceVisibility(eventId, userId, isHidden) {
      await ready();
      await commands.publish(channel, `${eventId}:v${userId}:${isHidden ? 1 : 0}`);
    },

    async subscribe(handler: PresenceSignalHandler, resumed?: () => void) {
      subscriber.on('message', (_channel: string, message: string) => {
        const [event, visibility] = message.split(':v');
        const eventId = Number(event);
        if (!Number.isInteger(eventId)) return;
        if (visibility === undefined) return handler(eventId);
        const [user, hidden] = visibility.split(':');
        if (Number.isInteger(Number(user))) handler(eventId, { userId: Number(user), isHidden: hidden === '1' });
      });
      await keepSubscribed(subscriber, 'presence', () => subscriber.subscribe(channel), () => resumed?.()).start();
    },

    async close() {
      // Entries are left to expire: a node going away is most often a restart, and its users
      // reconnect elsewhere within the TTL without flapping offline.
      await closeRedis(commands, subscriber);
    },
  };
}
