import { afterEach, describe, expect, it } from 'vitest';
import { createRedisPresenceStore } from '~/server/presence/redis-presence-store';
import { eventually, testNode, type TestNode } from './presence-node';

// Needs a real Redis (CI and anyone with one set TEST_REDIS_URL); each test gets its own prefix.
const REDIS_URL = process.env['TEST_REDIS_URL'];

describe.skipIf(!REDIS_URL)('presence across two nodes sharing Redis', () => {
  const nodes: TestNode[] = [];
  let prefix = '';
  const node = (options: Parameters<typeof testNode>[1] & { ttlMs?: number }) => {
    const made = testNode(createRedisPresenceStore({ url: REDIS_URL!, prefix, ttlMs: options.ttlMs ?? 30_000 }), options);
    nodes.push(made);
    return made;
  };
  afterEach(async () => { for (const n of nodes.splice(0)) await n.presence.close(); });
  const fresh = () => { prefix = `ep-presence-${process.pid}-${Math.random().toString(36).slice(2, 8)}:`; };

  it('tells node A when a user opens a socket on node B, and when the grace ends after they left', async () => {
    fresh();
    const a = node({ graceMs: 150 });
    const b = node({ graceMs: 150 });
    await a.presence.onlineUserIds(1);
    await a.subscribed();
    b.join(1, 7);
    await eventually(() => a.seen(1).includes('+7'));
    expect(await a.presence.isOnline(1, 7)).toBe(true);
    const leftAt = Date.now();
    b.leave(1, 7);
    await eventually(() => a.seen(1).includes('-7'));
    expect(a.seen(1)).toEqual(['+7', '-7']);
    // Not before B's grace ran out.
    expect(a.seenAt(1, '-7')! - leftAt).toBeGreaterThanOrEqual(150);
    expect(await a.presence.isOnline(1, 7)).toBe(false);
  });

  it('does not flap when a user moves from node B to node A within the grace', async () => {
    fresh();
    const a = node({ graceMs: 120 });
    const b = node({ graceMs: 120 });
    await a.presence.onlineUserIds(1);
    await b.presence.onlineUserIds(1);
    await Promise.all([a.subscribed(), b.subscribed()]);
    // 9 leaves node B with 7 and does not come back: its offline is the marker. B's grace for 9
    // ends after 7's, so the reload that takes 9 offline on a node read the store after 7's grace
    // on B was over, and would have taken 7 offline too had node A not held 7 by then.
    b.join(1, 7);
    b.join(1, 9);
    await eventually(() => [a, b].every((n) => n.seen(1).includes('+7') && n.seen(1).includes('+9')));
    b.leave(1, 7);
    b.leave(1, 9);
    a.join(1, 7);
    await eventually(() => a.seen(1).includes('-9') && b.seen(1).includes('-9'));
    expect(a.seen(1)).not.toContain('-7');
    expect(b.seen(1)).not.toContain('-7');
    expect(await b.presence.isOnline(1, 7)).toBe(true);
  });

  it('drops the users of a node that died without a word once its entries expire', async () => {
    fresh();
    const a = node({ graceMs: 50, refreshMs: 100 });
    const dying = testNode(createRedisPresenceStore({ url: REDIS_URL!, prefix, ttlMs: 300 }), { graceMs: 50, refreshMs: 60_000 });
    await a.presence.onlineUserIds(1);
    await a.subscribed();
    dying.join(1, 8);
    await eventually(() => a.seen(1).includes('+8'));
    await dying.presence.close(); // leaves its entry behind, as a crash would
    await eventually(() => a.seen(1).includes('-8'), 3000);
  });

  it("drops a dead node's users when its entries expire, not at the next renewal round", async () => {
    fresh();
    // Node A renews and reconciles only every minute: what drops user 8 is the expiry it read.
    const a = node({ graceMs: 50, refreshMs: 60_000 });
    const dying = testNode(createRedisPresenceStore({ url: REDIS_URL!, prefix, ttlMs: 400 }), { graceMs: 50, refreshMs: 60_000 });
    await a.presence.onlineUserIds(1);
    await a.subscribed();
    // Taken before the entry is written, so a slow first sight of it on A cannot eat into its 400 ms.
    const joinedAt = Date.now();
    dying.join(1, 8);
    await eventually(() => a.seen(1).includes('+8'));
    await dying.presence.close(); // leaves its entry behind, as a crash would
    await eventually(() => a.seen(1).includes('-8'), 2000);
    expect(a.seenAt(1, '-8')! - joinedAt).toBeGreaterThanOrEqual(350);
  });
});
