import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startHub, stopHub, waitFor, type RunningHub } from './hub-harness';

const REALTIME_DIR = new URL('../../../../src/server/realtime/', import.meta.url);
// ws keeps its socket, sender, receiver and state in underscore fields no semver promise covers.
const WS_PRIVATE = /\._(?:socket|sender|receiver|readyState|bufferedAmount|extensions|isServer|closeFrameSent)\b|_socket\s*:/;

/** A client that has taken its welcome frame, collecting every message after it. */
async function join(port: number): Promise<{ ws: WebSocket; messages: { text: string; isBinary: boolean }[] }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/realtime`);
  const messages: { text: string; isBinary: boolean }[] = [];
  const welcome = new Promise<string>((resolve) => ws.once('message', (data) => resolve((data as Buffer).toString('utf8'))));
  expect(JSON.parse(await welcome)).toEqual({ type: 'welcome', eventId: 1 });
  ws.on('message', (data, isBinary) => messages.push({ text: (data as Buffer).toString('utf8'), isBinary }));
  return { ws, messages };
}

describe('realtime writes through ws', () => {
  let running: RunningHub | undefined;
  afterEach(async () => {
    await stopHub(running);
    running = undefined;
  });

  it('reaches into no private member of ws, so a ws upgrade cannot change the write path unseen', () => {
    const files = readdirSync(REALTIME_DIR).filter((name) => name.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(5);
    const offenders = files.filter((name) => WS_PRIVATE.test(readFileSync(new URL(name, REALTIME_DIR), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('delivers small, 16-bit and 64-bit length event frames whole, as text, to every socket', async () => {
    running = await startHub({});
    const { hub, port } = running;
    const clients = await Promise.all([join(port), join(port), join(port)]);
    const sizes = [1, 100, 4000];
    for (const size of sizes) await hub.publish(1, 'poll-change', { pollId: size, counts: Array.from({ length: size }, (_, id) => ({ id, count: id })) });
    expect(await waitFor(() => clients.every(({ messages }) => messages.length === sizes.length), 5000)).toBe(true);
    for (const { ws, messages } of clients) {
      expect(messages.every(({ isBinary }) => !isBinary)).toBe(true);
      const frames = messages.map(({ text }) => JSON.parse(text) as { type: string; name: string; data: { pollId: number; counts: unknown[] } });
      expect(frames.map(({ type, name, data }) => [type, name, data.pollId, data.counts.length])).toEqual(sizes.map((size) => ['event', 'poll-change', size, size]));
      ws.close();
    }
    expect(clients.at(-1)!.messages.at(-1)!.text.length).toBeGreaterThan(65_536);
  });

  it('sends the heartbeat as a protocol ping, and answers a ping frame with a pong frame', async () => {
    running = await startHub({ heartbeatMs: 100 });
    const { ws, messages } = await join(running.port);
    await new Promise((resolve) => ws.once('ping', resolve));
    ws.send(JSON.stringify({ type: 'ping', at: 42 }));
    expect(await waitFor(() => messages.length === 1, 2000)).toBe(true);
    expect(JSON.parse(messages[0]!.text)).toEqual({ type: 'pong', at: 42 });
    ws.close();
  });
});
