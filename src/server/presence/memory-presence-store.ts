import type { PresenceSignalHandler, PresenceStore } from './presence-store';

/** The single-node store: the node's own users are everyone online; nothing to renew. */
export function createMemoryPresenceStore(): PresenceStore {
  const online = new Map<number, Set<number>>();
  let handler: PresenceSignalHandler | undefined;
  return {
    set(eventId, userId, isHere) {
      let users = online.get(eventId);
      if (!users) online.set(eventId, (users = new Set()));
      if (isHere) users.add(userId);
      else users.delete(userId);
      return Promise.resolve();
    },
    refresh: () => Promise.resolve(),
    load: (eventId) => Promise.resolve({ online: new Set(online.get(eventId)) }),
    announceVisibility(eventId, userId, isHidden) {
      handler?.(eventId, { userId, isHidden });
      return Promise.resolve();
    },
    subscribe(next) {
      handler = next;
      return Promise.resolve();
    },
    close() {
      handler = undefined;
      return Promise.resolve();
    },
  };
}
