import type { Server } from 'node:http';
import type { RealtimeDynamicEvent, RealtimeEventName, RealtimeEvents } from '~/contracts/realtime';
import { config } from '~/server/config';
import { ops } from '~/server/ops/instruments';
import type { Authenticator } from './authenticate';
import type { DataChangeScope } from './data-change';
export type { DataChangeScope } from './data-change';
import type { Broker } from './broker';
import { createHub } from './hub';
import { createMemoryBroker } from './memory-broker';
import { createRedisBroker } from './redis-broker';

/** A signed-in user's socket joined (true) or left (false) an event's channel on this node. */
export type MembershipListener = (eventId: number, userId: number, isJoined: boolean) => void;

/** An event-wide frame named `name` was written to this node's sockets of `eventId`, taking `ms`. */
export type FanOutListener = (eventId: number, name: string, ms: number) => void;

/** Resolves the event a WebSocket upgrade belongs to, from its Host header. */
export type EventResolver = (host: string | undefined) => Promise<{ eventId: number } | undefined>;

/**
 * Every publish resolves once the broker took the message or failed to: a failure is logged, never
 * thrown, since what is published reports a write already committed; sockets that missed it catch
 * up by the resync frame when the broker is back (docs/realtime.md "Resync").
 */
export interface Realtime {
  /** Serves /realtime on the given HTTP server; `authenticate` decides who may join (default: anyone). */
  attach(server: Server, resolveEvent: EventResolver, authenticate?: Authenticator): void;
  /**
   * Delivers an event to the sockets of `eventId` its declared audience allows (REALTIME_AUDIENCE:
   * everyone, or members only), on every node; throws for a name addressed to single users.
   */
  publish<N extends RealtimeEventName>(eventId: number, name: N, data: RealtimeEvents[N]): Promise<void>;
  /**
   * Delivers an event whose name carries a suffix; with `to` only the sockets of that signed-in
   * user, or of those users, receive it (voucher-change-{ticket code} must not reach anyone else;
   * a coded quiz's quiz-change-{key} only those who gave its code). The frame is encoded once.
   */
  publishDynamic(eventId: number, name: RealtimeDynamicEvent, data: unknown, to?: number | readonly number[]): Promise<void>;
  /**
   * Delivers an event only to the sockets of these signed-in users, on every node (chat events
   * reach the members of their chat and nobody else). The frame is encoded once.
   */
  publishToUsers<N extends RealtimeEventName>(eventId: number, name: N, data: RealtimeEvents[N], userIds: readonly number[]): Promise<void>;
  /**
   * Delivers an event to the sockets of `eventId` its audience allows on THIS node only, skipping the
   * broker: for state every node derives by itself (presence), so frames are not sent twice.
   */
  deliverLocally<N extends RealtimeEventName>(eventId: number, name: N, data: RealtimeEvents[N]): void;
  /**
   * Calls `listener` after each event frame for a whole event (any node's publish) went out to
   * this node's sockets, with its name and how long writing it to them took here (ms): what a
   * publisher that repeats a frame (poll tallies) needs to keep its fan-out a bounded share of
   * every node's time. Returns the unsubscribe.
   */
  onFanOut(listener: FanOutListener): () => void;
  /** Calls `listener` whenever a signed-in user's socket joins or leaves on this node; returns the unsubscribe. */
  onMembership(listener: MembershipListener): () => void;
  /**
   * Closes the user's sockets of the event on every node (4001 "session ended": the client logs
   * out and does not reconnect): all of them, or only those opened with `sessionId`. Called when
   * a session is revoked (logout, password change) or the account is deleted.
   */
  endSessions(eventId: number, userId: number, sessionId?: string): Promise<void>;
  /**
   * The one way to drop what a write made stale: tells every node that the event's data of
   * `scope` changed (data-change.ts says what each scope drops). This node's `onDataChange`
   * listeners run at once, before the call returns; the other nodes' when the broker's control
   * message reaches them.
   */
  publishDataChange(eventId: number, scope?: DataChangeScope): Promise<void>;
  /** Calls `listener` with the event id and scope of every data change, from any node; returns the unsubscribe. */
  onDataChange(listener: (eventId: number, scope: DataChangeScope) => void): () => void;
  /**
   * Calls `listener` when the broker is back after a gap, before the sockets are told to refetch:
   * data changes of the gap may be lost, so whatever `onDataChange` keeps fresh is dropped whole.
   * Returns the unsubscribe.
   */
  onResync(listener: () => void): () => void;
  /**
   * Draining (SIGTERM): refuses new sockets and closes the open ones with 4002 "reconnect now"
   * (REALTIME_CLOSE.reconnectNow), so clients move to another node; the broker stays open for
   * the requests still in flight.
   */
  drain(): Promise<void>;
  /** Closes every socket with 1001 (going away) and the broker. */
  close(): Promise<void>;
  /** Whether the broker is connected (readiness). */
  isBrokerConnected(): boolean;
  /** Open sockets on this node, of one event or of all. */
  connections(eventId?: number): number;
}

// On globalThis, not in a module variable: under `astro dev` the runtime (loaded by the dev
// integration) and the pages (Vite's SSR module runner) get separate copies of this module,
// and both must publish through the one hub that owns the sockets.
const KEY = Symbol.for('eventplatform.realtime');
const slot = globalThis as { [KEY]?: Realtime };

function brokerFromConfig(): Broker {
  const { redisUrl, redisPrefix } = config();
  return redisUrl ? createRedisBroker(redisUrl, redisPrefix) : createMemoryBroker();
}

/** The process-wide hub; Redis carries frames between nodes when REDIS_URL is set. */
export function realtime(): Realtime {
  const { realtimeHeartbeatMs, realtimeAnonymousPerAddress } = config();
  if (!slot[KEY]) {
    const metrics = ops();
    const hub = createHub({
      broker: brokerFromConfig(), heartbeatMs: realtimeHeartbeatMs, anonymousPerAddress: realtimeAnonymousPerAddress,
      onBrokerLag: (seconds) => metrics.brokerLag(seconds),
    });
    metrics.sources.sockets = () => hub.connections();
    metrics.sources.brokerConnected = () => hub.isBrokerConnected();
    slot[KEY] = hub;
  }
  return slot[KEY];
}

/** Forgets the hub after close(), so a restarted runtime (dev reload) gets a fresh one. */
export function resetRealtime(): void {
  delete slot[KEY];
}
