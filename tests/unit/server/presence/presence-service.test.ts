import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryPresenceStore } from '~/server/presence/memory-presence-store';
import { eventually, sleep, testNode, type TestNode } from './presence-node';

describe('presence on one node (memory store)', () => {
  const nodes: TestNode[] = [];
  const node = (options: Parameters<typeof testNode>[1]) => {
    const made = testNode(createMemoryPresenceStore(), options);
    nodes.push(made);
    return made;
  };
  afterEach(async () => { for (const n of nodes.splice(0)) await n.presence.close(); });

  it('announces a user who opens a socket as online', async () => {
    const n = node({ graceMs: 50 });
    n.join(1, 7);
    await eventually(() => n.seen(1).includes('+7'));
    expect(await n.presence.isOnline(1, 7)).toBe(true);
    expect(await n.presence.onlineUserIds(1)).toEqual([7]);
    expect(await n.presence.isOnline(2, 7)).toBe(false);
  });

  it('keeps a user online through the grace period and announces them offline after it', async () => {
    const n = node({ graceMs: 150 });
    n.join(1, 7);
    await eventually(() => n.seen(1).includes('+7'));
    n.leave(1, 7);
    await sleep(60);
    expect(await n.presence.isOnline(1, 7)).toBe(true);
    expect(n.seen(1)).toEqual(['+7']);
    await eventually(() => n.seen(1).includes('-7'));
    expect(await n.presence.isOnline(1, 7)).toBe(false);
  });

  it('does not flap when the user reconnects within the grace period', async () => {
    const n = node({ graceMs: 100 });
    n.join(1, 7);
    await eventually(() => n.seen(1).includes('+7'));
    n.leave(1, 7);
    await sleep(30);
    n.join(1, 7);
    await sleep(200);
    expect(n.seen(1)).toEqual(['+7']);
    expect(await n.presence.isOnline(1, 7)).toBe(true);
  });

  it('stays online while a second socket of the same user is open', async () => {
    const n = node({ graceMs: 20 });
    n.join(1, 7);
    n.join(1, 7);
    await eventually(() => n.seen(1).includes('+7'));
    n.leave(1, 7);
    await sleep(80);
    expect(await n.presence.isOnline(1, 7)).toBe(true);
    n.leave(1, 7);
    await eventually(() => n.seen(1).includes('-7'));
  });

  it('never names a hidden attendee in a change, though the server still knows they are online', async () => {
    const n = node({ graceMs: 20, hidden: [9] });
    n.join(1, 9);
    n.join(1, 7);
    await eventually(() => n.seen(1).includes('+7'));
    n.leave(1, 9);
    await sleep(100);
    expect(n.seen(1)).toEqual(['+7']);
  });

  it('coalesces a burst of arrivals into one frame', async () => {
    const n = node({ graceMs: 20, coalesceMs: 80 });
    await n.presence.onlineUserIds(1);
    for (let id = 100; id < 150; id++) n.join(1, id);
    await eventually(() => n.seen(1).length === 50);
    expect(n.frames).toHaveLength(1);
  });

  it('takes a user who turns hidden off screens at once, and puts them back when visible', async () => {
    const n = node({ graceMs: 20 });
    n.join(1, 7);
    await eventually(() => n.seen(1).includes('+7'));
    await n.presence.visibilityChanged(1, 7, true);
    await eventually(() => n.seen(1).includes('-7'));
    await n.presence.visibilityChanged(1, 7, false);
    await eventually(() => n.seen(1).filter((s) => s === '+7').length === 2);
    await n.presence.visibilityChanged(1, 8, false);
    await sleep(30);
    expect(n.seen(1)).toEqual(['+7', '-7', '+7']);
  });
});
