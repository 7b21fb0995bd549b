import { useEffect } from 'react';
import { onRealtime, onReconnect } from '~/islands/realtime/realtime.store';
import { onPageEvent } from '~/lib/page-events';
import { refreshEventInfo } from './event-info.client';

/**
 * Keeps the player in step with `event-change` while it is on the page (docs/product.md §4: updated event
 * info reloads the stream URL when it changed), and catches up after a reconnect.
 */
export function useEventChanges(): void {
  useEffect(() => {
    const onChange = () => void refreshEventInfo();
    const stopListening = onRealtime('event-change', onChange);
    const stopReconnect = onReconnect(onChange);
    const stopPageEvent = onPageEvent('event-change', onChange);
    return () => {
      stopListening();
      stopReconnect();
      stopPageEvent();
    };
  }, []);
}
