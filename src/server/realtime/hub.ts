import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { ServerFrame } from '~/contracts/realtime';
import { log } from '~/server/log';
import { allowAnyVisitor, type Authenticator } from './authenticate';
import type { Broker } from './broker';
import { Channels } from './channels';
import { encodeFrame, parseClientFrame } from './frames';
import type { EventResolver, MembershipListener, Realtime } from './index';
import { PeerSocket } from './peer-socket';
import { destroyOnError, pathOf, REALTIME_PATH, refuse, refuseForeign } from './upgrade';

export interface HubOptions {
  broker: Broker;
  heartbeatMs: number;
  /** Largest client frame accepted; clients only send pings. */
  maxPayload?: number;
  /** How long close() waits for clients to acknowledge 1001 before cutting them off. */
  closeGraceMs?: number;
}

// Listeners are shared by all sockets and find theirs in `this` (ws types it as WebSocket).
function markAlive(this: WebSocket): void {
  (this as PeerSocket).isAlive = true;
}

function onClientFrame(this: WebSocket, data: RawData, isBinary: boolean): void {
  (this as PeerSocket).isAlive = true;
  if (isBinary) return;
  const frame = parseClientFrame(data);
  if (frame?.type === 'ping') this.send(JSON.stringify({ type: 'pong', at: frame.at } satisfies ServerFrame));
}

function onSocketError(this: WebSocket, error: Error): void {
  log.debug('realtime socket error', { error: error.message });
  this.terminate();
}

/** The /realtime endpoint of one node: channels per event, heartbeat, fan-out via the broker. */
export function createHub({ broker, heartbeatMs, maxPayload = 4096, closeGraceMs = 3000 }: HubOptions): Realtime {
  const channels = new Channels();
  // perMessageDeflate stays off: compressing per socket would cost more than the frames weigh
  // (and PeerSocket.sendFrame relies on it). Channels track the sockets, so ws need not: its
  // tracking costs a Set entry and a closure per socket.
  const wss = new WebSocketServer<typeof PeerSocket>({
    noServer: true, maxPayload, perMessageDeflate: false, clientTracking: false, WebSocket: PeerSocket,
  });
  const subscribed = broker.subscribe((eventId, payload, userId) => channels.deliver(eventId, payload, userId));
  let heartbeat: NodeJS.Timeout | undefined;
  let closing = false;
  const membership = new Set<MembershipListener>();

  function announce(peer: PeerSocket, isJoined: boolean): void {
    if (peer.userId === null) return;
    for (const listener of membership) listener(peer.eventId, peer.userId, isJoined);
  }

  function onClose(this: WebSocket): void {
    const peer = this as PeerSocket;
    if (channels.remove(peer)) announce(peer, false);
  }

  // Runs as an immediate so the poll phase first reads pongs that arrived while the event loop
  // was busy (a long import, a GC): a late timer must not drop sockets that did answer.
  function beat(): void {
    setImmediate(sweep);
  }

  function sweep(): void {
    for (const peer of channels.all()) {
      if (!peer.isAlive) {
        peer.terminate();
        continue;
      }
      peer.isAlive = false;
      peer.ping();
    }
  }

  async function join(request: IncomingMessage, socket: Duplex, head: Buffer, eventId: number, authenticate: Authenticator): Promise<void> {
    const user = await authenticate(request, eventId);
    if (!user) return refuse(socket, 401);
    if (closing || socket.destroyed) return void socket.destroy();
    socket.off('error', destroyOnError);
    wss.handleUpgrade(request, socket, head, (peer) => {
      peer.eventId = eventId;
      peer.userId = user.userId;
      peer.on('pong', markAlive).on('message', onClientFrame).on('error', onSocketError).on('close', onClose);
      channels.add(peer);
      peer.send(JSON.stringify({ type: 'welcome', eventId } satisfies ServerFrame));
      announce(peer, true);
    });
  }

  return {
    attach(server: Server, resolveEvent: EventResolver, authenticate: Authenticator = allowAnyVisitor) {
      heartbeat ??= setInterval(beat, heartbeatMs).unref();
      server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (pathOf(request) !== REALTIME_PATH) return refuseForeign(server, socket);
        if (closing) return refuse(socket, 503);
        socket.on('error', destroyOnError);
        resolveEvent(request.headers.host)
          .then((event) => (event ? join(request, socket, head, event.eventId, authenticate) : refuse(socket, 404)))
          .catch((error: unknown) => {
            log.error('realtime upgrade failed', { error: error instanceof Error ? error.message : String(error) });
            refuse(socket, 503);
          });
      });
    },

    async publish(eventId, name, data) {
      await subscribed;
      await broker.publish(eventId, encodeFrame({ type: 'event', name, data }));
    },

    async publishDynamic(eventId, name, data, toUserId) {
      await subscribed;
      await broker.publish(eventId, encodeFrame({ type: 'event', name, data }), toUserId);
    },

    async close() {
      closing = true;
      clearInterval(heartbeat);
      const peers = [...channels.all()];
      const closed = Promise.all(peers.map((peer) => new Promise((resolve) => peer.once('close', resolve))));
      for (const peer of peers) peer.close(1001, 'server shutting down');
      const grace = new Promise((resolve) => setTimeout(resolve, closeGraceMs).unref());
      await Promise.race([closed, grace]);
      for (const peer of peers) peer.terminate();
      wss.close();
      await broker.close();
    },

    deliverLocally(eventId, name, data) {
      channels.deliverToMembers(eventId, encodeFrame({ type: 'event', name, data }));
    },

    onMembership(listener) {
      membership.add(listener);
      return () => { membership.delete(listener); };
    },

    connections: (eventId?: number) => channels.count(eventId),
  };
}
