// Minimal service worker: it exists so browsers offer to install the event as an app. It caches
// nothing (pages are personal and behind a login) and lets every request go to the network.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  if (event.request.mode === 'navigate') event.respondWith(fetch(event.request));
});
