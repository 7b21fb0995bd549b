import { useEffect } from 'react';
import type { RealtimeEventName } from '~/contracts/realtime';
import { onRealtime, onReconnect } from '~/islands/realtime/realtime.store';

/**
 * Refetches when the realtime channel reports a change (SPEC §4 info-page-change, document
 * change) and after a reconnect, when changes may have been missed. `localNames` are window
 * events raised on this page (`ep:<name>`), e.g. the stream island noticing a new FAQ category.
 */
const NONE: readonly string[] = [];

export function useLiveRefresh(names: readonly RealtimeEventName[], refetch: () => void, localNames: readonly string[] = NONE): void {
  useEffect(() => {
    const handler = () => refetch();
    const stops = [...names.map((name) => onRealtime(name, handler)), onReconnect(handler)];
    for (const name of localNames) window.addEventListener(`ep:${name}`, handler);
    return () => {
      for (const stop of stops) stop();
      for (const name of localNames) window.removeEventListener(`ep:${name}`, handler);
    };
  }, [names, localNames, refetch]);
}
