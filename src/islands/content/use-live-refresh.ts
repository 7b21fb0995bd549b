import { useEffect } from 'react';

/**
 * Refetches when the realtime channel reports a change (SPEC §4 info-page-change, document
 * change). The realtime client re-dispatches channel events on window as `ep:<name>`, the way
 * the stage's stream island hears `ep:event-change`; refetching on reconnect arrives the same way.
 */
export function useLiveRefresh(names: string[], refetch: () => void): void {
  useEffect(() => {
    const handler = () => refetch();
    for (const name of names) window.addEventListener(`ep:${name}`, handler);
    return () => { for (const name of names) window.removeEventListener(`ep:${name}`, handler); };
  }, [names, refetch]);
}
