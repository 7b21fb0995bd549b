import type { Server } from 'node:http';
import type { RealtimeDynamicEvent, RealtimeEventName, RealtimeEvents } from '~/contracts/realtime';

/** Resolves the event a WebSocket upgrade belongs to, from its Host header. */
export type EventResolver = (host: string | undefined) => Promise<{ eventId: number } | undefined>;

export interface Realtime {
  /** Serves /realtime on the given HTTP server. */
  attach(server: Server, resolveEvent: EventResolver): void;
  /** Delivers an event to every socket of `eventId`, on every node. */
  publish<N extends RealtimeEventName>(eventId: number, name: N, data: RealtimeEvents[N]): Promise<void>;
  publishDynamic(eventId: number, name: RealtimeDynamicEvent, data: unknown): Promise<void>;
  /** Closes every socket with 1001 (going away) and the broker. */
  close(): Promise<void>;
}

let instance: Realtime | undefined;

/** Placeholder until the hub lands: publishing is a no-op, nothing is attached. */
export function realtime(): Realtime {
  instance ??= {
    attach: () => undefined,
    publish: () => Promise.resolve(),
    publishDynamic: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  return instance;
}
