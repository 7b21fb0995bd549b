import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False on the server and while React hydrates an island, true in every render after. An island
 * whose stores may already hold newer data than its props (a tab opened after another island
 * loaded the same store) renders its props first, so hydration matches the server's HTML (no
 * React #418), and then its stores.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeToNothing, () => true, () => false);
}

/**
 * useStore's option for an island whose stores another island may fill before it hydrates (the
 * chat launcher loads the chats the chat tab also shows): while React hydrates, the island reads
 * each store's initial value, which is what the server rendered (stores are never filled on the
 * server), and its current value from the next render on, so hydration matches (no React #418).
 */
export const AS_SERVER_RENDERED = { ssr: 'initial' } as const;
