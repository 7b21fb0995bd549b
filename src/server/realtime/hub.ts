import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { audienceOf, REALTIME_CLOSE, type ServerFrame } from '~/contracts/realtime';
import { log } from '~/server/log';
import { upgradeAddressOf } from '~/server/http/client';
import { requestHostOf } from '~/server/http/request-host';
import { storageHealth } from '~/server/shared/storage-health';
import { AddressCounter } from './address-limit';
import { allowAnyVisitor, type Authenticator } from './authenticate';
import type { Broker } from './broker';
import { brokerPingMessage, nodeId, ownBrokerPing } from './broker-ping';
import { Channels } from './channels';
import { dataChangeMessage, parseDataChange, type DataChangeScope } from './data-change';
import { encodeFrame, eventNameOf, parseClientFrame } from './frames';
import type { EventResolver, FanOutListener, MembershipListener, Realtime } from './index';
import { PeerSocket, type SocketLimits } from './peer-socket';
import { createResync, RESYNC_FRAME } from './resync';
import { parseSessionEnd, sessionEndMessage } from './session-end';
import { destroyOnError, isAllowedOrigin, pathOf, REALTIME_PATH, refuse, refuseForeign } from './upgrade';

export interface HubOptions {
  broker: Broker;
  heartbeatMs: number;
  /** Largest client frame accepted; clients only send pings. */
  maxPayload?: number;
  /** How long close() waits for clients to acknowledge 1001 before cutting them off. */
  closeGraceMs?: number;
  /** Open anonymous sockets per client address (IPv6: per /64); more are refused with 429. */
  anonymousPerAddress?: number;
  /** Per-socket write backlog and inbound frame budget (docs/realtime.md, "Limits"). */
  limits?: Partial<SocketLimits>;
  /** How often the hub pings itself through the broker; each round trip goes to `onBrokerLag` (seconds). */
  brokerPingMs?: number;
  onBrokerLag?: (seconds: number) => void;
}

/** Clients ping every 25 s; the budget leaves room for reconnect bursts and future frame types. */
export const DEFAULT_LIMITS: SocketLimits = { maxBacklogBytes: 1 << 20, framesPerSecond: 5, frameBurst: 20 };
/** Sockets pinged per event-loop turn in a heartbeat round. */
const SWEEP_SLICE = 200;

// Listeners are shared by all sockets and find theirs in `this` (ws types it as WebSocket).
function markAlive(this: WebSocket): void {
  const peer = this as PeerSocket;
  if (peer.spend()) peer.isAlive = true;
}

function onClientFrame(this: WebSocket, data: RawData, isBinary: boolean): void {
  const peer = this as PeerSocket;
  if (peer.readyState !== 1 || !peer.spend()) return;
  peer.isAlive = true;
  if (isBinary) return;
  const frame = parseClientFrame(data);
  if (frame?.type === 'ping') peer.sendFrame(encodeFrame({ type: 'pong', at: frame.at }));
}

/** Protocol-level pings (ws's automatic pong is off): budgeted, answered through the one write path. */
function onProtocolPing(this: WebSocket, data: Buffer): void {
  const peer = this as PeerSocket;
  if (peer.readyState === 1 && peer.spend()) peer.sendPong(data);
}

function onSocketError(this: WebSocket, error: Error): void {
  log.debug('realtime socket error', { error: error.message });
  this.terminate();
}

/**
 * Throws for a name addressed to single users (or declared by nobody) sent to a whole event:
 * every node would drop it without a trace (Channels.deliver), so the publisher hears of it.
 */
function assertBroadcast(name: string): void {
  const audience = audienceOf(name);
  if (audience === undefined || audience === 'user') throw new Error(`realtime: ${name} has no event-wide audience; address it to users`);
}

/** The /realtime endpoint of one node: channels per event, heartbeat, fan-out via the broker. */
export function createHub({
  broker, heartbeatMs, maxPayload = 4096, closeGraceMs = 3000, anonymousPerAddress = 100, limits = {}, brokerPingMs = 5000, onBrokerLag,
}: HubOptions): Realtime {
  const channels = new Channels();
  const socketLimits: SocketLimits = { ...DEFAULT_LIMITS, ...limits };
  const anonymous = new AddressCounter(anonymousPerAddress);
  // perMessageDeflate stays off: compressing per socket would cost more than the frames weigh.
  // Channels track the sockets, so ws need not: its tracking costs a Set entry and a closure per
  // socket. autoPong is off so that every write, the answer to a protocol ping too, passes
  // PeerSocket's backlog check.
  const wss = new WebSocketServer<typeof PeerSocket>({
    noServer: true, maxPayload, perMessageDeflate: false, clientTracking: false, autoPong: false, WebSocket: PeerSocket,
  });
  const node = nodeId();
  const fanOut = new Set<FanOutListener>();
  const resyncListeners = new Set<() => void>();
  const resync = createResync(broker, (what, error) =>
    log.warn('realtime publish failed', { what, error: error instanceof Error ? error.message : String(error) }));

  // Resolves even when the broker is away at start: publishing then fails fast (and is logged), and
  // the broker reports `resumed` once it subscribes, which catches the sockets up.
  const subscribed = broker.subscribe(
    (eventId, payload, userId) => {
      if (userId !== undefined || fanOut.size === 0) return channels.deliver(eventId, payload, userId);
      const started = performance.now();
      channels.deliver(eventId, payload);
      const ms = performance.now() - started;
      const name = eventNameOf(payload);
      if (name !== undefined) for (const listener of fanOut) listener(eventId, name, ms);
    },
    (message) => {
      const ping = ownBrokerPing(message, node);
      if (ping) return onBrokerLag?.((performance.now() - ping.sentAt) / 1000);
      if (resync.isResync(message)) return catchUp();
      const end = parseSessionEnd(message);
      if (end) return void channels.endSessions(end.eventId, end.userId, end.sessionId);
      const changed = parseDataChange(message);
      // This node dropped its own when it announced the change (publishDataChange).
      if (changed !== undefined && changed.node !== node) dropChanged(changed.eventId, changed.scope);
    },
    catchUp,
  ).catch((error: unknown) => log.warn('realtime broker unavailable at start', { error: String(error) }));

  /**
   * Messages of a broker gap may be lost (docs/realtime.md "Resync"): listeners first drop what
   * they derived from data-change messages, then every socket is told to refetch.
   */
  function catchUp(): void {
    for (const listener of resyncListeners) listener();
    channels.deliverToAll(RESYNC_FRAME);
  }

  /**
   * Publishing reports a write that is already committed, so a broker failure is logged, never
   * thrown at the writer; the sockets that missed it catch up by a resync (resync.ts).
   */
  async function send(what: string, work: () => Promise<void>, sessionEnd?: Buffer): Promise<void> {
    await subscribed;
    try {
      await work();
    } catch (error) {
      resync.failed(what, error, sessionEnd);
    }
  }

  // Pings only while someone listens for the lag; a failed one shows as a gap in the histogram.
  const pingBroker = (): void => {
    void subscribed.then(() => broker.publishControl(brokerPingMessage(node))).catch(() => undefined);
  };
  const pinger = onBrokerLag ? setInterval(pingBroker, brokerPingMs).unref() : undefined;
  if (onBrokerLag) pingBroker();
  let heartbeat: NodeJS.Timeout | undefined;
  let closing = false;
  const membership = new Set<MembershipListener>();
  const dataChange = new Set<(eventId: number, scope: DataChangeScope) => void>();
  const dropChanged = (eventId: number, scope: DataChangeScope): void => {
    for (const listener of dataChange) listener(eventId, scope);
  };

  function announce(peer: PeerSocket, isJoined: boolean): void {
    if (peer.userId === null) return;
    for (const listener of membership) listener(peer.eventId, peer.userId, isJoined);
  }

  function onClose(this: WebSocket): void {
    const peer = this as PeerSocket;
    if (channels.remove(peer)) announce(peer, false);
    if (peer.anonymousKey !== null) anonymous.remove(peer.anonymousKey);
  }

  // Runs as an immediate so the poll phase first reads pongs that arrived while the event loop
  // was busy (a long import, a GC): a late timer must not drop sockets that did answer.
  function beat(): void {
    setImmediate(sweep);
  }

  // Pings go out in slices, one per turn of the event loop, so a round over 10,000 sockets never
  // holds up requests and deliveries for its whole length (in one block it takes seconds; bench:social's chat part shows it).
  function sweep(): void {
    const peers = [...channels.all()];
    let index = 0;
    const slice = (): void => {
      for (const end = Math.min(index + SWEEP_SLICE, peers.length); index < end; index += 1) {
        const peer = peers[index]!;
        if (peer.readyState !== 1) continue;
        if (!peer.isAlive) {
          peer.terminate();
          continue;
        }
        peer.isAlive = false;
        peer.sendPing();
      }
      if (index < peers.length) setImmediate(slice);
    };
    slice();
  }

  async function join(request: IncomingMessage, socket: Duplex, head: Buffer, eventId: number, authenticate: Authenticator): Promise<void> {
    const user = await authenticate(request, eventId);
    if (!user) return refuse(socket, 401);
    if (closing || socket.destroyed) return void socket.destroy();
    const address = user.userId === null ? upgradeAddressOf(request) : null;
    if (address !== null && !anonymous.hasRoom(address)) return refuse(socket, 429);
    socket.off('error', destroyOnError);
    // handleUpgrade calls back synchronously, so the room checked above is still there.
    wss.handleUpgrade(request, socket, head, (peer) => {
      peer.eventId = eventId;
      peer.userId = user.userId;
      peer.sessionId = user.sessionId ?? null;
      peer.anonymousKey = address;
      if (address !== null) anonymous.add(address);
      peer.admitWith(socketLimits);
      peer.on('pong', markAlive).on('ping', onProtocolPing).on('message', onClientFrame).on('error', onSocketError).on('close', onClose);
      channels.add(peer);
      peer.sendFrame(encodeFrame({ type: 'welcome', eventId } satisfies ServerFrame));
      announce(peer, true);
    });
  }

  /** Refuses new sockets from now on and closes the open ones with `code`, cutting off who does not answer in time. */
  async function closeSockets(code: number, reason: string): Promise<void> {
    closing = true;
    clearInterval(heartbeat);
    const peers = [...channels.all()];
    const closed = Promise.all(peers.map((peer) => new Promise((resolve) => peer.once('close', resolve))));
    for (const peer of peers) peer.close(code, reason);
    const grace = new Promise((resolve) => setTimeout(resolve, closeGraceMs).unref());
    await Promise.race([closed, grace]);
    for (const peer of peers) peer.terminate();
  }

  return {
    attach(server: Server, resolveEvent: EventResolver, authenticate: Authenticator = allowAnyVisitor) {
      heartbeat ??= setInterval(beat, heartbeatMs).unref();
      server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (pathOf(request) !== REALTIME_PATH) return refuseForeign(server, socket);
        if (requestHostOf(request) === undefined) return refuse(socket, 400);
        if (closing) return refuse(socket, 503);
        if (!isAllowedOrigin(request)) return refuse(socket, 403);
        socket.on('error', destroyOnError);
        resolveEvent(request.headers.host)
          .then((event) => (event ? join(request, socket, head, event.eventId, authenticate) : refuse(socket, 404)))
          .catch((error: unknown) => {
            // A database that is away is the node's known state (logged once), not a new error per client.
            const fault = storageHealth().failed(error);
            (fault ? log.debug : log.error)('realtime upgrade failed', { fault, error: error instanceof Error ? error.message : String(error) });
            refuse(socket, 503);
          });
      });
    },

    async publish(eventId, name, data) {
      assertBroadcast(name);
      return send(name, () => broker.publish(eventId, encodeFrame({ type: 'event', name, data })));
    },

    async publishDynamic(eventId, name, data, to) {
      if (to === undefined) assertBroadcast(name);
      const frame = encodeFrame({ type: 'event', name, data });
      if (typeof to !== 'object') return send(name, () => broker.publish(eventId, frame, to));
      return send(name, async () => {
        await Promise.all([...new Set(to)].map((userId) => broker.publish(eventId, frame, userId)));
      });
    },

    endSessions(eventId, userId, sessionId) {
      // This node's sockets close at once, whatever the broker does; the message reaches the others.
      channels.endSessions(eventId, userId, sessionId);
      const message = sessionEndMessage({ eventId, userId, sessionId });
      return send('session end', () => broker.publishControl(message), message);
    },

    publishDataChange(eventId, scope = 'stored') {
      // This node drops at once, before the write answers: its own next read is fresh whatever the
      // broker does. The message reaches the others (this node skips its echo).
      dropChanged(eventId, scope);
      return send(`data change ${scope}`, () => broker.publishControl(dataChangeMessage(eventId, scope, node)));
    },

    onDataChange(listener) {
      dataChange.add(listener);
      return () => { dataChange.delete(listener); };
    },

    onResync(listener) {
      resyncListeners.add(listener);
      return () => { resyncListeners.delete(listener); };
    },

    publishToUsers(eventId, name, data, userIds) {
      const frame = encodeFrame({ type: 'event', name, data });
      return send(name, async () => {
        await Promise.all([...new Set(userIds)].map((userId) => broker.publish(eventId, frame, userId)));
      });
    },

    async drain() {
      await closeSockets(REALTIME_CLOSE.reconnectNow, 'server draining: reconnect');
    },

    async close() {
      await closeSockets(1001, 'server shutting down');
      clearInterval(pinger);
      resync.stop();
      wss.close();
      await broker.close();
    },

    isBrokerConnected: () => broker.isConnected(),

    deliverLocally(eventId, name, data) {
      assertBroadcast(name);
      channels.deliver(eventId, encodeFrame({ type: 'event', name, data }));
    },

    onFanOut(listener) {
      fanOut.add(listener);
      return () => { fanOut.delete(listener); };
    },

    onMembership(listener) {
      membership.add(listener);
      return () => { membership.delete(listener); };
    },

    connections: (eventId?: number) => channels.count(eventId),
  };
}
