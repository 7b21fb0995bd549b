import type { RealtimeEvents } from '~/contracts/realtime';
import { createPresence, type Presence } from '~/server/presence/presence.service';
import type { PresenceStore } from '~/server/presence/presence-store';
import type { MembershipListener } from '~/server/realtime/index';

export type OnlineChange = RealtimeEvents['online-users-change'];

/** One node's presence over a fake hub: sockets join and leave by hand, frames are recorded. */
export interface TestNode {
  presence: Presence;
  frames: { eventId: number; change: OnlineChange }[];
  join(eventId: number, userId: number): void;
  leave(eventId: number, userId: number): void;
  /** Changes seen so far for one event, flattened to `+id` / `-id`. */
  seen(eventId: number): string[];
}

export function testNode(store: PresenceStore, options: { graceMs: number; coalesceMs?: number; refreshMs?: number; hidden?: number[] }): TestNode {
  let listener: MembershipListener = () => undefined;
  const frames: TestNode['frames'] = [];
  const hidden = new Set(options.hidden ?? []);
  const presence = createPresence({
    realtime: {
      onMembership: (next) => { listener = next; return () => { listener = () => undefined; }; },
      deliverLocally: (eventId, _name, change) => { frames.push({ eventId, change: change as OnlineChange }); },
    },
    store, graceMs: options.graceMs, coalesceMs: options.coalesceMs ?? 10, refreshMs: options.refreshMs ?? 60_000,
    visibleAmong: (_eventId, ids) => Promise.resolve(ids.filter((id) => !hidden.has(id))),
    onError: (error) => { throw error; },
  });
  return {
    presence, frames,
    join: (eventId, userId) => listener(eventId, userId, true),
    leave: (eventId, userId) => listener(eventId, userId, false),
    seen: (eventId) => frames.filter((f) => f.eventId === eventId)
      .flatMap((f) => [...f.change.online.map((id) => `+${id}`), ...f.change.offline.map((id) => `-${id}`)]),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds or `timeoutMs` passes (timers of the service are real). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(10);
  }
}
