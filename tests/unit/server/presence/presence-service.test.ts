import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryPresenceStore } from '~/server/presence/memory-presence-store';
import { testNode, type TestNode } from './presence-node';

// The fake clock drives the grace, coalescing and leading-edge timers: a step of the clock is
// exactly as long as it says, so a window in which nothing may happen (a grace still running)
// is a fact of the test, not a guess about how busy the machine is.
const passes = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('presence on one node (memory store)', () => {
  const nodes: TestNode[] = [];
  const node = (options: Parameters<typeof testNode>[1]) => {
    const made = testNode(createMemoryPresenceStore(), options);
    nodes.push(made);
    return made;
  };
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(async () => {
    for (const n of nodes.splice(0)) await n.presence.close();
    vi.useRealTimers();
  });

  it('announces a user who opens a socket as online', async () => {
    const n = node({ graceMs: 50 });
    n.join(1, 7);
    await passes(50);
    expect(n.seen(1)).toEqual(['+7']);
    expect(await n.presence.isOnline(1, 7)).toBe(true);
    expect(await n.presence.onlineUserIds(1)).toEqual([7]);
    expect(await n.presence.isOnline(2, 7)).toBe(false);
  });

  it('keeps a user online through the grace period and announces them offline after it', async () => {
    const n = node({ graceMs: 150 });
    n.join(1, 7);
    await passes(50);
    const leftAt = Date.now();
    n.leave(1, 7);
    await passes(149);
    expect(await n.presence.isOnline(1, 7)).toBe(true);
    expect(n.seen(1)).toEqual(['+7']);
    await passes(100);
    expect(n.seen(1)).toEqual(['+7', '-7']);
    expect(n.seenAt(1, '-7')! - leftAt).toBeGreaterThanOrEqual(150);
    expect(await n.presence.isOnline(1, 7)).toBe(false);
  });

  it('does not flap when the user reconnects within the grace period', async () => {
    const n = node({ graceMs: 100 });
    n.join(1, 7);
    await passes(50);
    n.leave(1, 7);
    await passes(30);
    n.join(1, 7);
    // Twice the grace: the grace that ran would have ended and its change gone out by now.
    await passes(200);
    expect(n.seen(1)).toEqual(['+7']);
    expect(await n.presence.isOnline(1, 7)).toBe(true);
  });

  it('stays online while a second socket of the same user is open', async () => {
    const n = node({ graceMs: 20 });
    n.join(1, 7);
    n.join(1, 7);
    await passes(50);
    expect(n.seen(1)).toEqual(['+7']);
    n.leave(1, 7);
    await passes(80);
    expect(await n.presence.isOnline(1, 7)).toBe(true);
    n.leave(1, 7);
    await passes(50);
    expect(n.seen(1)).toEqual(['+7', '-7']);
  });

  it('never names a hidden attendee in a change, though the server still knows they are online', async () => {
    const n = node({ graceMs: 20, hidden: [9] });
    n.join(1, 9);
    n.join(1, 7);
    await passes(50);
    expect(await n.presence.isOnline(1, 9)).toBe(true);
    n.leave(1, 9);
    await passes(100);
    expect(await n.presence.isOnline(1, 9)).toBe(false);
    expect(n.seen(1)).toEqual(['+7']);
  });

  it('coalesces a burst of arrivals into one frame', async () => {
    const n = node({ graceMs: 20, coalesceMs: 80 });
    await n.presence.onlineUserIds(1);
    for (let id = 100; id < 150; id++) n.join(1, id);
    await passes(200);
    expect(n.seen(1)).toHaveLength(50);
    expect(n.frames).toHaveLength(1);
  });

  it('takes a user who turns hidden off screens at once, and puts them back when visible', async () => {
    const n = node({ graceMs: 20 });
    n.join(1, 7);
    await passes(50);
    await n.presence.visibilityChanged(1, 7, true);
    await passes(0);
    expect(n.seen(1)).toEqual(['+7', '-7']);
    await n.presence.visibilityChanged(1, 7, false);
    await passes(0);
    expect(n.seen(1)).toEqual(['+7', '-7', '+7']);
    // A user who is not online turning visible is nobody's news.
    await n.presence.visibilityChanged(1, 8, false);
    await passes(50);
    expect(n.seen(1)).toEqual(['+7', '-7', '+7']);
  });
});
