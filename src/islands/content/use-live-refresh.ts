import { useEffect } from 'react';
import type { PageEventName } from '~/contracts/page-events';
import type { RealtimeEventName } from '~/contracts/realtime';
import { onRealtime, onReconnect } from '~/islands/realtime/realtime.store';
import { onPageEvent } from '~/lib/page-events';

/**
 * Refetches when the realtime channel reports a change (docs/product.md §4 info-page-change, document
 * change) and after a reconnect, when changes may have been missed. `pageNames` are page events
 * (~/contracts/page-events), e.g. the stream island noticing a new FAQ category.
 */
const NONE: readonly PageEventName[] = [];

export function useLiveRefresh(names: readonly RealtimeEventName[], refetch: () => void, pageNames: readonly PageEventName[] = NONE): void {
  useEffect(() => {
    const handler = () => refetch();
    const stops = [
      ...names.map((name) => onRealtime(name, handler)), onReconnect(handler), ...pageNames.map((name) => onPageEvent(name, handler)),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [names, pageNames, refetch]);
}
