import { useEffect, useRef, useSyncExternalStore, type RefObject } from 'react';

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

/**
 * A choice made on a server-rendered select before its island hydrated (a slow phone): React
 * leaves the select's DOM as it is while hydrating, but its state still holds the server's value
 * and puts that back at the next render. Right after hydration a different selection is handed to
 * `choose`, as if it had been made then.
 */
export function useChoiceBeforeHydration(select: RefObject<HTMLSelectElement | null>, value: string, choose: (value: string) => void): void {
  const rendered = useRef({ value, choose });
  useEffect(() => {
    const chosen = select.current?.value;
    if (chosen !== undefined && chosen !== rendered.current.value) rendered.current.choose(chosen);
  }, [select]);
}
