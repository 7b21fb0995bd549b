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
