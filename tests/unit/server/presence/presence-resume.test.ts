import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryPresenceStore } from '~/server/presence/memory-presence-store';
import type { PresenceSignalHandler, PresenceStore } from '~/server/presence/presence-store';
import { eventually, sleep, testNode, type TestNode } from './presence-node';

/**
 * A shared store that can come back after a gap with every entry expired: the test plays the
 * outage; renewals write entries again, as Redis does.
 */
function storeThatComesBack() {
  const inner = createMemoryPresenceStore();
  let signal: PresenceSignalHandler = () => undefined;
  let resumed: () => void = () => undefined;
  const announced: number[] = [];
  const store: PresenceStore = {
    ...inner,
    async refresh(entries, isAnnounced) {
      for (const { eventId, userId } of entries) await inner.set(eventId, userId, true);
      if (isAnnounced) announced.push(...entries.map((entry) => entry.eventId));
    },
    subscribe(handler, onResumed) {
      signal = handler;
      resumed = onResumed ?? (() => undefined);
      return inner.subscribe(handler);
    },
  };
  return {
    store, announced,
    /** Every entry expired while the store was away; it is back now. */
    async comeBack(eventId: number, userIds: number[]) {
      for (const userId of userIds) await inner.set(eventId, userId, false);
      resumed();
    },
    /** Another node changed the event (it re-registered its users, or one left). */
    signal: (eventId: number) => signal(eventId),
    set: (eventId: number, userId: number, isHere: boolean) => inner.set(eventId, userId, isHere),
  };
}

describe('presence when the shared store comes back after a gap', () => {
  const nodes: TestNode[] = [];
  afterEach(async () => { for (const n of nodes.splice(0)) await n.presence.close(); });

  it('registers its users again at once, tells the other nodes, and shows nobody offline for one renewal round', async () => {
    const shared = storeThatComesBack();
    const n = testNode(shared.store, { graceMs: 50, refreshMs: 400 });
    nodes.push(n);
    // 8 is held by another node, 7 by this one.
    await shared.set(1, 8, true);
    n.join(1, 7);
    await eventually(async () => (await n.presence.onlineUserIds(1)).length === 2);

    await shared.comeBack(1, [7, 8]);
    await eventually(async () => (await n.presence.isOnline(1, 7)) && shared.announced.includes(1));
    // The other node has not registered 8 again yet: a reload now must not take 8 offline.
    shared.signal(1);
    await sleep(100);
    expect(n.seen(1).filter((change) => change.startsWith('-'))).toEqual([]);
    expect(await n.presence.isOnline(1, 8)).toBe(true);

    // 8 never comes back: after the round it goes offline like anyone who left.
    await eventually(() => n.seen(1).includes('-8'), 5000);
    expect(n.seen(1)).not.toContain('-7');
  });
});
