import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryPresenceStore } from '~/server/presence/memory-presence-store';
import type { PresenceSignalHandler, PresenceStore } from '~/server/presence/presence-store';
import { testNode, type TestNode } from './presence-node';

/**
 * A shared store that goes away and comes back after a gap with every entry expired: the test
 * plays the outage. While away every call fails, as commands do while Redis is unreachable
 * (redisOptions: no offline queue); renewals write entries again, as Redis does.
 */
function storeThatComesBack() {
  const inner = createMemoryPresenceStore();
  let signal: PresenceSignalHandler = () => undefined;
  let resumed: () => void = () => undefined;
  let isAway = false;
  let failures = 0;
  const announced: number[] = [];
  const reachable = () => {
    if (!isAway) return Promise.resolve();
    failures += 1;
    return Promise.reject(new Error('Connection is closed.'));
  };
  const store: PresenceStore = {
    ...inner,
    set: (eventId, userId, isHere) => reachable().then(() => inner.set(eventId, userId, isHere)),
    load: (eventId) => reachable().then(() => inner.load(eventId)),
    async refresh(entries, isAnnounced) {
      await reachable();
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
    failures: () => failures,
    /** Every call fails from now on. */
    goAway: () => { isAway = true; },
    /**
     * The store answers again with every entry of the event expired meanwhile. `isSubscribed`: the
     * node's subscription is back too (resumed); without it only its commands are, so far.
     */
    async comeBack(eventId: number, userIds: number[], { isSubscribed }: { isSubscribed: boolean }) {
      isAway = false;
      for (const userId of userIds) await inner.set(eventId, userId, false);
      if (isSubscribed) resumed();
    },
    /** Another node changed the event (it re-registered its users, or one left). */
    signal: (eventId: number) => signal(eventId),
    set: (eventId: number, userId: number, isHere: boolean) => inner.set(eventId, userId, isHere),
  };
}

const offlines = (n: TestNode) => n.seen(1).filter((change) => change.startsWith('-'));

// The fake clock drives the grace, renewal, coalescing and settling timers: each window below is
// exactly as long as it says, whatever the machine's load.
describe('presence when the shared store comes back after a gap', () => {
  const nodes: TestNode[] = [];
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(async () => {
    for (const n of nodes.splice(0)) await n.presence.close();
    vi.useRealTimers();
  });

  /** A node renewing every 400 ms that holds 7, while another node holds 8; the store's failures are its to show. */
  async function nodeWithSevenAndEight() {
    const shared = storeThatComesBack();
    const n = testNode(shared.store, { graceMs: 50, refreshMs: 400, onError: () => undefined });
    nodes.push(n);
    await shared.set(1, 8, true);
    n.join(1, 7);
    await vi.advanceTimersByTimeAsync(50);
    expect((await n.presence.onlineUserIds(1)).sort()).toEqual([7, 8]);
    return { shared, n };
  }

  it('registers its users again at once, tells the other nodes, and shows nobody offline for one renewal round', async () => {
    const { shared, n } = await nodeWithSevenAndEight();
    await shared.comeBack(1, [7, 8], { isSubscribed: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(await n.presence.isOnline(1, 7)).toBe(true);
    expect(shared.announced).toContain(1);
    // The other node has not registered 8 again yet: a reload now must not take 8 offline.
    shared.signal(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(offlines(n)).toEqual([]);
    expect(await n.presence.isOnline(1, 8)).toBe(true);

    // 8 never comes back: the first round after the settling (3 s) takes it offline like anyone who left.
    await vi.advanceTimersByTimeAsync(3400);
    expect(offlines(n)).toEqual(['-8']);
  });

  it('shows nobody offline when the store answers again before its subscription is back, while the other node re-registers', async () => {
    const { shared, n } = await nodeWithSevenAndEight();
    // The store goes away: this node's renewal round fails.
    shared.goAway();
    await vi.advanceTimersByTimeAsync(400);
    expect(shared.failures()).toBeGreaterThan(0);
    // Every entry expired meanwhile. The commands answer again before the subscription is back
    // (two connections, each reconnecting on its own schedule): no resume has been heard yet.
    await shared.comeBack(1, [7, 8], { isSubscribed: false });
    // The next round re-registers 7 and reloads, and 8's node has not re-registered 8 yet.
    await vi.advanceTimersByTimeAsync(400);
    expect(await n.presence.isOnline(1, 7)).toBe(true);
    expect(offlines(n)).toEqual([]);
    expect(await n.presence.isOnline(1, 8)).toBe(true);

    // 8's node registers 8 again a round later: nobody was ever shown offline.
    await shared.set(1, 8, true);
    shared.signal(1);
    await vi.advanceTimersByTimeAsync(4000);
    expect(offlines(n)).toEqual([]);
    expect((await n.presence.onlineUserIds(1)).sort()).toEqual([7, 8]);
  });

  it('takes offline, a round after the store answers again, whoever did not come back', async () => {
    const { shared, n } = await nodeWithSevenAndEight();
    shared.goAway();
    await vi.advanceTimersByTimeAsync(400);
    await shared.comeBack(1, [7, 8], { isSubscribed: false });
    const backAt = Date.now();
    // Settling lasts 3 s from the store's first answer (this node's next call); the round after it drops 8.
    await vi.advanceTimersByTimeAsync(3000);
    expect(offlines(n)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1200);
    expect(offlines(n)).toEqual(['-8']);
    expect(n.seenAt(1, '-8')! - backAt).toBeGreaterThanOrEqual(3000);
  });
});
