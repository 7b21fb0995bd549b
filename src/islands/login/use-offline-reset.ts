import { useEffect } from 'react';
import { clearOfflineCaches, registerServiceWorker } from '~/lib/offline-cache';

/**
 * For the login screens (docs/offline.md): a login screen renders only for someone signed out, so
 * the service worker's saved pages and data of whoever used this device go (this also covers the
 * no-JavaScript /logout and an expired session). The worker is registered here too, so the app
 * shell is cached before the attendee first opens the web app.
 */
export function useOfflineReset(): void {
  useEffect(() => {
    void clearOfflineCaches().catch(() => undefined);
    registerServiceWorker();
  }, []);
}
