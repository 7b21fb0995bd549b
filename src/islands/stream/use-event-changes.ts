import { useEffect } from 'react';
import { refreshEventInfo } from './event-info.client';

/** Keeps the player in step with `event-change` while it is on the page. */
export function useEventChanges(): void {
  useEffect(() => {
    const onChange = () => void refreshEventInfo();
    window.addEventListener('ep:event-change', onChange);
    return () => window.removeEventListener('ep:event-change', onChange);
  }, []);
}
