import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { AddressCounter } from '~/server/realtime/address-limit';
import { addressKey } from '~/server/shared/address-key';
import { floodPings, floodSocket } from '../../../api/flood-helpers';
import { startHub, stopHub, waitFor, type RunningHub } from './hub-harness';

describe('hub limits', () => {
  let running: RunningHub | undefined;
  afterEach(async () => {
    await stopHub(running);
    running = undefined;
  });

  it('closes a socket whose pongs pile up unread past the backlog limit, with the inbound budget lifted', async () => {
    running = await startHub({ limits: { maxBacklogBytes: 64 * 1024, framesPerSecond: 1e9, frameBurst: 1e9 } });
    const { hub, port } = running;
    const attacker = await floodSocket(port, 'x.localhost');
    expect(hub.connections(1)).toBe(1);
    // Loopback buffers take a few MB before the server's own backlog starts to grow. The flood
    // ends when the server closes the socket; its bound is for a machine whose other processes
    // (the type-check and lint beside the unit tests) leave it a fraction of a core.
    const flood = floodPings(attacker, 25_000);
    expect(await waitFor(() => hub.connections(1) === 0, 26_000)).toBe(true);
    attacker.destroy();
    await flood;
  }, 35_000);

  it('answers a protocol ping with a pong through the same write path, and budgets protocol pings too', async () => {
    running = await startHub({ limits: { framesPerSecond: 1, frameBurst: 3 } });
    const { port } = running;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/realtime`);
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise((resolve) => ws.once('message', resolve));
    const pong = new Promise<Buffer>((resolve) => ws.once('pong', resolve));
    ws.ping(Buffer.from('hi'));
    expect((await pong).toString()).toBe('hi');
    for (let i = 0; i < 10; i += 1) ws.ping();
    expect(await closed).toBe(1008);
  });

  it('counts anonymous sockets per IPv4 address and per IPv6 /64', () => {
    expect(addressKey('::ffff:10.0.0.7')).toBe('10.0.0.7');
    expect(addressKey('10.0.0.7')).toBe('10.0.0.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    const counter = new AddressCounter(2);
    counter.add('a');
    counter.add('a');
    expect(counter.hasRoom('a')).toBe(false);
    expect(counter.hasRoom('b')).toBe(true);
    counter.remove('a');
    expect(counter.hasRoom('a')).toBe(true);
  });
});
