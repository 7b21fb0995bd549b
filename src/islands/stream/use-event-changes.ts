import { useEffect } from 'react';
import { onRealtime, onReconnect } from '~/islands/realtime/realtime.store';
import { refreshEventInfo } from './event-info.client';

/**
 * Keeps the player in step with `event-change` while it is on the page (SPEC §4: updated event
 * info reloads the stream URL when it changed), and catches up after a reconnect.
 */
export function useEventChanges(): void {
  useEffect(() => {
    const onChange = () => void refreshEventInfo();
    const stopListening = onRealtime('event-change', onChange);
    const stopReconnect = onReconnect(onChange);
    window.addEventListener('ep:event-change', onChange);
    return () => {
      stopListening();
      stopReconnect();
      window.removeEventListener('ep:event-change', onChange);
    };
  }, []);
}
