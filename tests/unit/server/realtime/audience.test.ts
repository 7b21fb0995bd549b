import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { audienceOf, REALTIME_EVENT_NAMES } from '~/contracts/realtime';
import { Channels } from '~/server/realtime/channels';
import { createHub } from '~/server/realtime/hub';
import { createMemoryBroker } from '~/server/realtime/memory-broker';
import type { PeerSocket } from '~/server/realtime/peer-socket';

/** The events table of docs/realtime.md: each name (a dynamic suffix made concrete) with its audience column. */
function documentedAudiences(): Map<string, string> {
  const doc = readFileSync(new URL('../../../../docs/realtime.md', import.meta.url), 'utf8');
  const rows = [...doc.matchAll(/^\| `([a-zA-Z-]+(?:\{[a-zA-Z]+\})?)` \| (\w+) \|/gm)];
  return new Map(rows.map(([, name, audience]) => [name!.replace(/\{\w+\}$/, 'KEY1'), audience!]));
}

function peer(userId: number | null) {
  const frames: Buffer[] = [];
  const fake = { eventId: 1, userId, readyState: 1, sendFrame: (frame: Buffer) => frames.push(frame) };
  return { socket: fake as unknown as PeerSocket, frames };
}

const frameOf = (name: string) => Buffer.from(JSON.stringify({ type: 'event', name, data: {} }));

describe('realtime audiences', () => {
  const documented = documentedAudiences();

  it('declares an audience for every event name, the one docs/realtime.md lists for it', () => {
    expect(documented.size).toBeGreaterThan(20);
    for (const name of REALTIME_EVENT_NAMES) expect(documented.get(name), `${name} in docs/realtime.md`).toBe(audienceOf(name));
    for (const [name, audience] of documented) expect(audienceOf(name), `${name} declared in REALTIME_AUDIENCE`).toBe(audience);
  });

  it.each([...documented.keys()])('delivers %s to its audience only', (name) => {
    const channels = new Channels();
    const [anonymous, member, addressee] = [peer(null), peer(7), peer(8)];
    for (const p of [anonymous, member, addressee]) channels.add(p.socket);
    channels.deliver(1, frameOf(name));
    const audience = audienceOf(name);
    expect(anonymous.frames.length, 'anonymous').toBe(audience === 'everyone' ? 1 : 0);
    expect(member.frames.length, 'member').toBe(audience === 'user' ? 0 : 1);
    channels.deliver(1, frameOf(name), 8);
    expect([anonymous, member].map((p) => p.frames.length)).toEqual(audience === 'everyone' ? [1, 1] : audience === 'members' ? [0, 1] : [0, 0]);
    expect(addressee.frames.at(-1)?.toString()).toContain(name);
  });

  it('delivers a frame whose name nobody declared to nobody', () => {
    const channels = new Channels();
    const [anonymous, member] = [peer(null), peer(7)];
    for (const p of [anonymous, member]) channels.add(p.socket);
    channels.deliver(1, frameOf('undeclared-change'));
    expect([anonymous.frames.length, member.frames.length]).toEqual([0, 0]);
  });

  it('refuses to broadcast an event addressed to single users', async () => {
    const hub = createHub({ broker: createMemoryBroker(), heartbeatMs: 60_000 });
    await expect(hub.publish(1, 'chat-new-message', { chatId: 1, messageId: 2 })).rejects.toThrow(/chat-new-message/);
    await expect(hub.publishDynamic(1, 'voucher-change-T1', {})).rejects.toThrow(/voucher-change-T1/);
    await expect(hub.publishDynamic(1, 'voucher-change-T1', {}, 7)).resolves.toBeUndefined();
    await hub.close();
  });
});
