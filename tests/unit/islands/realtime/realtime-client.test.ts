import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRealtimeClient, type RealtimeClient } from '~/islands/realtime/realtime-client';

/** Just enough of the browser WebSocket for partysocket; the test plays the server. */
class FakeSocket extends EventTarget {
  static instances: FakeSocket[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = 0;
  binaryType = 'blob';
  sent: string[] = [];
  closedWith: number | undefined;
  constructor(readonly url: string) {
    super();
    FakeSocket.instances.push(this);
  }
  send(data: string) { this.sent.push(data); }
  close(code = 1000) {
    if (this.readyState === 3) return;
    this.closedWith = code;
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event('close'), { code, reason: '', wasClean: true }));
  }
  serverOpen(eventId = 7) {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
    this.serverSend({ type: 'welcome', eventId });
  }
  serverSend(frame: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: typeof frame === 'string' ? frame : JSON.stringify(frame) }));
  }
  static latest(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (!socket) throw new Error('no socket yet');
    return socket;
  }
}

const backoff = { minReconnectionDelay: 5, maxReconnectionDelay: 10, connectionTimeout: 1000 };
let client: RealtimeClient | undefined;

function newClient(heartbeatMs = 60_000): RealtimeClient {
  client = createRealtimeClient({ url: () => 'ws://demo.localhost/realtime', WebSocket: FakeSocket, heartbeatMs, backoff });
  return client;
}

afterEach(() => {
  client?.close();
  FakeSocket.instances = [];
  vi.useRealTimers();
});

/**
 * From here on the client's timers (heartbeat, reconnect delays, refetch delay) run on the fake
 * clock: a window in which nothing may happen is then exactly as long as the test moves it on.
 */
const onFakeClock = () => { vi.useFakeTimers(); };
const passes = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('realtime client', () => {
  it('connects on the first listener and is open once the server welcomes it', async () => {
    const realtime = newClient();
    expect(realtime.$status.get()).toBe('closed');
    realtime.on('poll-change', () => undefined);
    expect(realtime.$status.get()).toBe('connecting');
    await vi.waitFor(() => FakeSocket.latest());
    expect(FakeSocket.latest().url).toBe('ws://demo.localhost/realtime');
    FakeSocket.latest().serverOpen();
    expect(realtime.$status.get()).toBe('open');
  });

  it('calls listeners by event name until they unsubscribe, and ignores malformed frames', async () => {
    const realtime = newClient();
    const polls: unknown[] = [];
    const agendas: unknown[] = [];
    const stop = realtime.on('poll-change', (data) => polls.push(data));
    realtime.on('agenda-change', (data) => agendas.push(data));
    await vi.waitFor(() => FakeSocket.latest());
    const socket = FakeSocket.latest();
    socket.serverOpen();
    socket.serverSend('{broken');
    socket.serverSend({ type: 'event', name: 'poll-change', data: { pollId: 3 } });
    stop();
    socket.serverSend({ type: 'event', name: 'poll-change', data: { pollId: 4 } });
    expect(polls).toEqual([{ pollId: 3 }]);
    expect(agendas).toEqual([]);
    expect(realtime.$lastEvent.get()['poll-change']).toEqual({ pollId: 4 });
  });

  it('reconnects after the server drops the link and tells reconnect listeners, keeping event listeners', async () => {
    const realtime = newClient();
    const seen: unknown[] = [];
    let reconnects = 0;
    realtime.on('timeline-add', (data) => seen.push(data));
    realtime.onReconnect(() => { reconnects += 1; });
    await vi.waitFor(() => FakeSocket.latest());
    const first = FakeSocket.latest();
    first.serverOpen();
    expect(reconnects).toBe(0);
    first.close(1001);
    expect(realtime.$status.get()).toBe('connecting');
    await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(2));
    FakeSocket.latest().serverOpen();
    expect(reconnects).toBe(1);
    FakeSocket.latest().serverSend({ type: 'event', name: 'timeline-add', data: { timelineId: 5 } });
    expect(seen).toEqual([{ timelineId: 5 }]);
  });

  it('refetches on a resync frame as after a reconnect, once for frames that come together, and keeps the socket', async () => {
    client = createRealtimeClient({ url: () => 'ws://demo.localhost/realtime', WebSocket: FakeSocket, heartbeatMs: 60_000, backoff, delay: () => 30 });
    let reconnects = 0;
    client.onReconnect(() => { reconnects += 1; });
    await vi.waitFor(() => FakeSocket.latest());
    onFakeClock();
    FakeSocket.latest().serverOpen();
    FakeSocket.latest().serverSend({ type: 'resync' });
    FakeSocket.latest().serverSend({ type: 'resync' });
    expect(reconnects).toBe(0);
    await passes(30);
    expect(reconnects).toBe(1);
    await passes(60);
    expect(reconnects).toBe(1);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(client.$status.get()).toBe('open');
  });

  it('pings and reconnects when a ping goes unanswered', async () => {
    const realtime = newClient(40);
    realtime.connect();
    await vi.waitFor(() => FakeSocket.latest());
    const first = FakeSocket.latest();
    first.serverOpen();
    await vi.waitFor(() => expect(first.sent.some((data) => JSON.parse(data).type === 'ping')).toBe(true));
    await vi.waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(1));
    expect(first.closedWith).toBe(4000);
  });

  it('keeps the link while pongs come back', async () => {
    const realtime = newClient(40);
    onFakeClock();
    realtime.connect();
    await vi.waitFor(() => FakeSocket.latest());
    const socket = FakeSocket.latest();
    socket.serverOpen();
    const answer = setInterval(() => socket.serverSend({ type: 'pong', at: 1 }), 10);
    await passes(250);
    clearInterval(answer);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(socket.sent.length).toBeGreaterThanOrEqual(3);
  });

  it('closes with 1000 on logout, stops the heartbeat and does not reconnect', async () => {
    const realtime = newClient(20);
    onFakeClock();
    realtime.connect();
    await vi.waitFor(() => FakeSocket.latest());
    const socket = FakeSocket.latest();
    socket.serverOpen();
    realtime.close();
    expect(socket.closedWith).toBe(1000);
    expect(realtime.$status.get()).toBe('closed');
    const sent = socket.sent.length;
    // Five heartbeats and many reconnect delays long.
    await passes(100);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(socket.sent.length).toBe(sent);
  });

  it('stops and reports an ended session when the server closes with 4001, without reconnecting', async () => {
    const realtime = newClient();
    let ended = 0;
    realtime.onSessionEnded(() => { ended += 1; });
    onFakeClock();
    realtime.on('poll-change', () => undefined);
    await vi.waitFor(() => FakeSocket.latest());
    const socket = FakeSocket.latest();
    socket.serverOpen();
    await vi.waitFor(() => expect(realtime.$status.get()).toBe('open'));
    socket.close(4001);
    expect(ended).toBe(1);
    expect(realtime.$status.get()).toBe('closed');
    // Many reconnect delays (5-10 ms) long.
    await passes(100);
    expect(FakeSocket.instances).toHaveLength(1);
  });
});

describe('realtime client reconnect delays', () => {
  it('asks the delay function for each try after a drop, counting tries until one holds', async () => {
    const attempts: number[] = [];
    client = createRealtimeClient({
      url: () => 'ws://demo.localhost/realtime', WebSocket: FakeSocket, heartbeatMs: 60_000,
      delay: (attempt) => { attempts.push(attempt); return 5; },
    });
    client.on('poll-change', () => undefined);
    await vi.waitFor(() => FakeSocket.latest());
    FakeSocket.latest().serverOpen();
    const first = FakeSocket.latest();
    first.close(1006);
    await vi.waitFor(() => expect(FakeSocket.instances.length).toBe(2));
    FakeSocket.latest().close(1006); // the survivor refused: the next try waits in a wider window
    await vi.waitFor(() => expect(FakeSocket.instances.length).toBe(3));
    expect(attempts.filter((a) => a >= 1).slice(-2)).toEqual([1, 2]);
  });
});
