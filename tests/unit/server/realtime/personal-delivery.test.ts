import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { Channels } from '~/server/realtime/channels';
import { createMemoryBroker } from '~/server/realtime/memory-broker';
import type { PeerSocket } from '~/server/realtime/peer-socket';
import { sessionAuthenticator } from '~/server/realtime/session-authenticator';

function peer(eventId: number, userId: number | null) {
  const frames: Buffer[] = [];
  const fake = { eventId, userId, readyState: 1, sendFrame: (frame: Buffer) => frames.push(frame) };
  return { socket: fake as unknown as PeerSocket, frames };
}

describe('personal realtime delivery', () => {
  it('delivers an event-wide frame to every socket of the event, and a personal one only to its owner', async () => {
    const channels = new Channels();
    const broker = createMemoryBroker();
    await broker.subscribe((eventId, payload, userId) => channels.deliver(eventId, payload, userId));
    const owner = peer(1, 7);
    const other = peer(1, 8);
    const anonymous = peer(1, null);
    for (const p of [owner, other, anonymous]) channels.add(p.socket);

    await broker.publish(1, Buffer.from('{"type":"event","name":"agenda-change","data":{}}'));
    expect([owner, other, anonymous].map((p) => p.frames.length)).toEqual([1, 1, 1]);

    await broker.publish(1, Buffer.from('{"type":"event","name":"voucher-change-TCK","data":{}}'), 7);
    expect([owner, other, anonymous].map((p) => p.frames.length)).toEqual([2, 1, 1]);
  });

  it('knows the user from the session cookie and lets visitors without one join anonymously', async () => {
    const tokens = { authenticate: (token: string, eventId: number) => Promise.resolve(token === 'good' && eventId === 1 ? { eventId, userId: 7, sessionId: 's1' } : undefined) };
    const authenticate = sessionAuthenticator(tokens);
    const request = (cookie?: string) => ({ headers: cookie ? { cookie } : {} }) as IncomingMessage;
    const anonymous = { userId: null, sessionId: null };
    expect(await authenticate(request('theme=dark; ep_session=good'), 1)).toEqual({ userId: 7, sessionId: 's1' });
    expect(await authenticate(request('ep_session=good'), 2)).toEqual(anonymous);
    expect(await authenticate(request('ep_session=forged'), 1)).toEqual(anonymous);
    expect(await authenticate(request('ep_session=%E0%A4%A'), 1)).toEqual(anonymous);
    expect(await authenticate(request(), 1)).toEqual(anonymous);
  });
});
