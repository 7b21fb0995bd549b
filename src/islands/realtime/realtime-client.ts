import { atom, map } from 'nanostores';
import ReconnectingWebSocket, { type Options } from 'partysocket/ws';
import type { ClientFrame, RealtimeDynamicEvent, RealtimeEventName, RealtimeEvents, ServerFrame } from '~/contracts/realtime';
import { RECONNECT_BACKOFF, reconnectDelay } from '~/lib/reconnect-backoff';

export type RealtimeStatus = 'connecting' | 'open' | 'closed';

export interface RealtimeClientOptions {
  /** Evaluated at each (re)connect, so importing this during SSR touches no `location`. */
  url: () => string;
  /** A WebSocket constructor; tests pass a fake one. */
  WebSocket?: new (url: string, protocols?: string | string[]) => object;
  /** Client ping period; a ping still unanswered at the next tick means a dead link: reconnect. */
  heartbeatMs?: number;
  /** Fixed partysocket delays instead of the jittered backoff (tests). */
  backoff?: Pick<Options, 'minReconnectionDelay' | 'maxReconnectionDelay' | 'reconnectionDelayGrowFactor' | 'connectionTimeout'>;
  /** How long try `attempt` after a drop waits; by default full jitter (src/lib/reconnect-backoff.ts). */
  delay?: (attempt: number) => number;
}

type Handler = (data: unknown) => void;

/** The server closes a user's sockets with this when their session ended (account deleted, docs/privacy.md). */
export const SESSION_ENDED_CODE = 4001;

/**
 * One reconnecting socket to /realtime shared by every island of the page. The server joins
 * the socket to its host's event, so "resubscribing" is reconnecting; listeners stay registered
 * across reconnects and `onReconnect` handlers refetch whatever they may have missed.
 */
export function createRealtimeClient({ url, WebSocket, heartbeatMs = 25_000, backoff, delay = reconnectDelay }: RealtimeClientOptions) {
  const $status = atom<RealtimeStatus>('closed');
  /** The latest payload of each event name, for stores that read rather than listen. */
  const $lastEvent = map<Record<string, unknown>>({});
  const handlers = new Map<string, Set<Handler>>();
  const reconnectHandlers = new Set<() => void>();
  const sessionEndedHandlers = new Set<() => void>();
  let socket: ReconnectingWebSocket | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let awaitingPong = false;
  let welcomes = 0;
  let resync: ReturnType<typeof setTimeout> | undefined;

  /** Whatever may have been missed is fetched again (after a reconnect or a server's resync). */
  function caughtUp(): void {
    clearTimeout(resync);
    for (const handler of reconnectHandlers) handler();
  }

  function receive(event: MessageEvent): void {
    awaitingPong = false;
    let frame: ServerFrame;
    try {
      frame = JSON.parse(String(event.data)) as ServerFrame;
    } catch {
      return;
    }
    if (frame.type === 'welcome') {
      $status.set('open');
      welcomes += 1;
      if (welcomes > 1) caughtUp();
    } else if (frame.type === 'resync') {
      // Every socket of the node hears this at once: wait as a first reconnect would, so the refetches spread.
      clearTimeout(resync);
      resync = setTimeout(caughtUp, delay(1));
    } else if (frame.type === 'event') {
      $lastEvent.setKey(frame.name, frame.data);
      for (const handler of handlers.get(frame.name) ?? []) handler(frame.data);
    }
  }

  function beat(): void {
    if (!socket || socket.readyState !== socket.OPEN) return;
    if (awaitingPong) {
      awaitingPong = false;
      socket.reconnect(4000, 'heartbeat timeout');
      return;
    }
    awaitingPong = true;
    socket.send(JSON.stringify({ type: 'ping', at: Date.now() } satisfies ClientFrame));
  }

  function connect(): void {
    if (socket) return;
    $status.set('connecting');
    const made: { socket?: ReconnectingWebSocket } = {}; // the getter also runs inside the constructor
    const created = new ReconnectingWebSocket(url, undefined, {
      // partysocket waits minReconnectionDelay × growFactor^(try − 1) before try n; with a factor
      // of 1 this getter decides each wait: a fresh random one in a window that doubles per
      // failed try (docs/cluster.md), so the attendees of a dead node do not all come back at once.
      get minReconnectionDelay() {
        return delay(Math.max(1, made.socket?.retryCount ?? 1));
      },
      maxReconnectionDelay: RECONNECT_BACKOFF.capMs,
      reconnectionDelayGrowFactor: 1,
      connectionTimeout: 8000,
      ...backoff,
      ...(WebSocket ? { WebSocket } : {}),
    });
    made.socket = created;
    socket = created;
    socket.addEventListener('message', receive);
    socket.addEventListener('close', (event) => {
      awaitingPong = false;
      if (event.code === SESSION_ENDED_CODE) {
        // Reconnecting would only rejoin as a visitor: stop, and let the page log out.
        stop(1000);
        for (const handler of sessionEndedHandlers) handler();
        return;
      }
      if (socket) $status.set('connecting');
    });
    heartbeat = setInterval(beat, heartbeatMs);
    if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
  }

  /** Back on the network: try now rather than at the end of a long backoff (one client, no herd). */
  function onOnline(): void {
    if (socket && $status.get() !== 'open') socket.reconnect();
  }

  function stop(code: number): void {
    clearInterval(heartbeat);
    clearTimeout(resync);
    if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
    const current = socket;
    socket = undefined;
    welcomes = 0;
    current?.close(code);
    $status.set('closed');
  }

  function on<N extends RealtimeEventName>(this: void, name: N, handler: (data: RealtimeEvents[N]) => void): () => void;
  function on(this: void, name: RealtimeDynamicEvent, handler: (data: unknown) => void): () => void;
  function on(this: void, name: string, handler: Handler): () => void {
    let set = handlers.get(name);
    if (!set) handlers.set(name, (set = new Set()));
    set.add(handler);
    connect();
    return () => {
      set.delete(handler);
    };
  }

  return {
    $status,
    $lastEvent,
    connect,
    /** Calls `handler` with each payload of event `name`; returns the unsubscribe. */
    on,
    /** Calls `handler` after every reconnect (not the first connect) and server resync, so stores refetch. */
    onReconnect(this: void, handler: () => void): () => void {
      reconnectHandlers.add(handler);
      connect();
      return () => {
        reconnectHandlers.delete(handler);
      };
    },
    /** Calls `handler` when the server ended this user's session (close code 4001). */
    onSessionEnded(this: void, handler: () => void): () => void {
      sessionEndedHandlers.add(handler);
      return () => {
        sessionEndedHandlers.delete(handler);
      };
    },
    /** Closes for good (logout, docs/product.md §4: code 1000) and stops the heartbeat. */
    close(this: void, code = 1000): void {
      stop(code);
    },
  };
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;
