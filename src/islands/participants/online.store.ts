import { atom } from 'nanostores';
import type { RealtimeEvents } from '~/contracts/realtime';
import { onReconnect, onRealtime } from '~/islands/realtime/realtime.store';
import { participantsApi } from './participants.store';

type OnlineChange = RealtimeEvents['online-users-change'];

/**
 * Ids of the attendees online now, for any island (participant cards, chat headers):
 * `useStore($onlineUserIds).has(id)`. Call `followOnline(eventId)` once per page (any island may;
 * repeats are ignored). It loads `users/online`, applies each online-users-change delta, and
 * reloads after a reconnect (deltas may have been missed). Hidden attendees are never in it.
 */
export const $onlineUserIds = atom<ReadonlySet<number>>(new Set());
/** True once the first list arrived; before that, a card may trust its own `Online` field. */
export const $onlineLoaded = atom(false);

let followed = 0;
// Deltas that arrive while a list is on its way are replayed on top of it (the list may predate them).
let pending: OnlineChange[] | undefined;

/** Applies one delta (exported for tests). */
export function applyOnlineChange(change: OnlineChange): void {
  const next = new Set($onlineUserIds.get());
  for (const id of change.online) next.add(id);
  for (const id of change.offline) next.delete(id);
  $onlineUserIds.set(next);
}

async function reload(): Promise<void> {
  if (pending) return;
  pending = [];
  try {
    const { online } = await participantsApi.online(followed);
    $onlineUserIds.set(new Set(online));
    for (const change of pending) applyOnlineChange(change);
    $onlineLoaded.set(true);
  } catch {
    // Presence is a nicety: a failed load keeps the last known set (docs/product.md §8 silent extras).
  } finally {
    pending = undefined;
  }
}

export function followOnline(eventId: number): void {
  if (typeof window === 'undefined' || followed === eventId) return;
  followed = eventId;
  onRealtime('online-users-change', (change) => {
    applyOnlineChange(change);
    pending?.push(change);
  });
  onReconnect(() => void reload());
  void reload();
}
