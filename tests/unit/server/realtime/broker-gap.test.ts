import { afterEach, describe, expect, it } from 'vitest';
import type { Broker, BrokerHandler, ControlHandler } from '~/server/realtime/broker';
import { createHub } from '~/server/realtime/hub';
import type { Realtime } from '~/server/realtime/index';

/** A broker that is away until `back()`: publishing rejects as ioredis does without its offline queue. */
function brokerThatGoesAway() {
  let handler: BrokerHandler = () => undefined;
  let control: ControlHandler = () => undefined;
  let resumed: () => void = () => undefined;
  let isAway = false;
  const published: string[] = [];
  const away = () => Promise.reject(new Error("Stream isn't writeable and enableOfflineQueue options is false"));
  const broker: Broker = {
    publish(eventId, payload, userId) {
      if (isAway) return away();
      published.push(payload.toString());
      handler(eventId, payload, userId);
      return Promise.resolve();
    },
    publishControl(message) {
      if (isAway) return away();
      published.push(message.toString());
      control(message);
      return Promise.resolve();
    },
    subscribe(next, nextControl, onResumed) {
      handler = next;
      control = nextControl ?? control;
      resumed = onResumed ?? resumed;
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
    isConnected: () => !isAway,
  };
  return {
    broker, published,
    goAway: () => { isAway = true; },
    /** Publishing works again; `isResubscribed` says whether this node's subscription came back too (and reports it). */
    back: (isResubscribed: boolean) => { isAway = false; if (isResubscribed) resumed(); },
  };
}

const hubs: Realtime[] = [];
afterEach(async () => { for (const hub of hubs.splice(0)) await hub.close(); });

/** A hub over a broker that goes away, and how many resyncs it went through. */
function hubOverGap() {
  const gap = brokerThatGoesAway();
  const hub = createHub({ broker: gap.broker, heartbeatMs: 60_000, closeGraceMs: 10 });
  hubs.push(hub);
  let count = 0;
  hub.onResync(() => { count += 1; });
  return { gap, hub, resyncs: () => count };
}

describe('a hub whose broker goes away', () => {
  it('resolves every publish while the broker is away, so the write that published answers as done', async () => {
    const { gap, hub } = hubOverGap();
    gap.goAway();
    await expect(Promise.all([
      hub.publish(1, 'timeline-add', { timelineId: 1, item: {} as never }),
      hub.publishDynamic(1, 'voucher-change-T', {}, 3),
      hub.publishToUsers(1, 'chat-new-message', { chatId: 1, messageId: 2 }, [3, 4]),
      hub.publishDataChange(1, 'timeline'),
      hub.endSessions(1, 3, 'family'),
    ])).resolves.toBeDefined();
  });

  it('drops what data changes keep fresh when its subscription comes back', () => {
    const { gap, resyncs } = hubOverGap();
    gap.goAway();
    gap.back(true);
    expect(resyncs()).toBe(1);
  });

  it('after a failed publish, tells every node to resync once the broker takes messages again, then sends the session ends it kept', async () => {
    const { gap, hub, resyncs } = hubOverGap();
    gap.goAway();
    await hub.publish(1, 'timeline-add', { timelineId: 1, item: {} as never });
    await hub.endSessions(1, 3, 'family');
    // Only publishing came back (this node's subscription never dropped): nothing told the hub.
    gap.back(false);
    await expect.poll(resyncs, { timeout: 2000 }).toBe(1);
    expect(gap.published).toContain('{"type":"resync"}');
    await expect.poll(() => gap.published.filter((message) => message.includes('"session-end"')), { timeout: 4000 })
      .toEqual(['{"type":"session-end","eventId":1,"userId":3,"sessionId":"family"}']);
  });
});
