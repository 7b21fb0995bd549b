import { vi } from 'vitest';
import type { RealtimeEvents } from '~/contracts/realtime';
import { createPresence, type Presence } from '~/server/presence/presence.service';
import type { PresenceStore } from '~/server/presence/presence-store';
import type { MembershipListener } from '~/server/realtime/index';

export type OnlineChange = RealtimeEvents['online-users-change'];

/** One node's presence over a fake hub: sockets join and leave by hand, frames are recorded. */
export interface TestNode {
  presence: Presence;
  /** Each frame the node's sockets got, with when it went out (Date.now(), the fake clock's under fake timers). */
  frames: { eventId: number; change: OnlineChange; at: number }[];
  join(eventId: number, userId: number): void;
  leave(eventId: number, userId: number): void;
  /** Changes seen so far for one event, flattened to `+id` / `-id`. */
  seen(eventId: number): string[];
  /** When the first frame that says `change` (`+id` / `-id`) for the event went out. */
  seenAt(eventId: number, change: string): number | undefined;
  /** Resolves once the node's subscription to the store answered (presence subscribes on first use). */
  subscribed(): Promise<void>;
}

const changesOf = (change: OnlineChange) => [...change.online.map((id) => `+${id}`), ...change.offline.map((id) => `-${id}`)];

export function testNode(
  store: PresenceStore,
  options: { graceMs: number; coalesceMs?: number; refreshMs?: number; hidden?: number[]; onError?: (error: unknown) => void },
): TestNode {
  let listener: MembershipListener = () => undefined;
  const frames: TestNode['frames'] = [];
  const hidden = new Set(options.hidden ?? []);
  let isSubscribed: () => void = () => undefined;
  const subscribed = new Promise<void>((resolve) => { isSubscribed = resolve; });
  const presence = createPresence({
    realtime: {
      onMembership: (next) => { listener = next; return () => { listener = () => undefined; }; },
      deliverLocally: (eventId, _name, change) => { frames.push({ eventId, change: change as OnlineChange, at: Date.now() }); },
    },
    store: { ...store, subscribe: (handler, resumed) => store.subscribe(handler, resumed).then(isSubscribed) },
    graceMs: options.graceMs, coalesceMs: options.coalesceMs ?? 10, refreshMs: options.refreshMs ?? 60_000,
    visibleAmong: (_eventId, ids) => Promise.resolve(ids.filter((id) => !hidden.has(id))),
    onError: options.onError ?? ((error) => { throw error; }),
  });
  return {
    presence, frames,
    join: (eventId, userId) => listener(eventId, userId, true),
    leave: (eventId, userId) => listener(eventId, userId, false),
    seen: (eventId) => frames.filter((f) => f.eventId === eventId).flatMap((f) => changesOf(f.change)),
    seenAt: (eventId, change) => frames.find((f) => f.eventId === eventId && changesOf(f.change).includes(change))?.at,
    subscribed: () => subscribed,
  };
}

/**
 * Waits until `check` holds, at most `timeoutMs` (the service's timers are real here; under fake
 * timers vi.waitUntil moves the clock on by its interval between looks).
 */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 3000): Promise<void> {
  await vi.waitUntil(check, { timeout: timeoutMs, interval: 10 });
}
