import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  DATA_CACHE, IMAGES_CACHE, OFFLINE_COPY_MESSAGE, PAGES_CACHE, SAVED_AT_HEADER, isOfflineData, isOfflinePage,
  isSaveCopiesMessage, type OfflineCopyMessage,
} from '../../lib/offline-cache';
import { markOfflineCopy } from './offline-copy';

/*
 * The event's service worker (docs/offline.md), bundled by src/sw/build.ts with Workbox, which
 * puts the list of the build's scripts in place of self.__WB_MANIFEST. Caches live in the origin,
 * so every event host has its own.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

setCacheNameDetails({ prefix: 'ep' });
void self.skipWaiting();
clientsClaim();

// The app shell: the islands' scripts and the default icon, fetched once per release.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const WEEK = 7 * 24 * 60 * 60;
// Venue Wi-Fi fails by hanging more often than by refusing: after this long the saved copy shows.
const NETWORK_TIMEOUT_SECONDS = 4;

/**
 * Stores only a complete answer for the URL asked (a redirect to /login after the session ended is
 * no copy of the page), stamped with the time it was saved.
 */
const stampSavedAt: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200 || response.redirected) return null;
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT_HEADER, new Date().toISOString());
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  },
};

const savedAt = (response: Response): string => response.headers.get(SAVED_AT_HEADER) ?? new Date(0).toISOString();

/** A page answered from the cache shows the offline banner with the copy's age. */
const markPageCopy: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const marked = markOfflineCopy(await cachedResponse.text(), new Date(savedAt(cachedResponse)));
    return new Response(marked, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers: cachedResponse.headers });
  },
};

/** Data answered from the cache is announced to the page that asked, for its offline banner. */
const announceDataCopy: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse, event }) => {
    const clientId = (event as FetchEvent).clientId;
    const client = cachedResponse && clientId ? await self.clients.get(clientId) : undefined;
    const message: OfflineCopyMessage = { type: OFFLINE_COPY_MESSAGE, savedAt: cachedResponse ? savedAt(cachedResponse) : '' };
    client?.postMessage(message);
    return cachedResponse;
  },
};

const expiry = (maxEntries: number) => new ExpirationPlugin({ maxEntries, maxAgeSeconds: WEEK });
const sameOrigin = (url: URL) => url.origin === self.location.origin;

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  // /stage?session=3 offline falls back to the saved /stage.
  matchOptions: { ignoreSearch: true },
  plugins: [stampSavedAt, markPageCopy, expiry(20)],
});
const data = new NetworkFirst({
  cacheName: DATA_CACHE, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [stampSavedAt, announceDataCopy, expiry(60)],
});

registerRoute(({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && isOfflinePage(url.pathname), pages);
registerRoute(({ request, url }) => request.method === 'GET' && sameOrigin(url) && isOfflineData(url.pathname), data);

// A page loaded before this worker controlled it (the first visit) sends what it read, so one
// online visit is enough (saveFirstVisit in offline-cache.ts): fetched again and kept as if it
// had come through the routes above. Only paths of those routes are fetched.
self.addEventListener('message', (event) => {
  if (!isSaveCopiesMessage(event.data) || event.origin !== self.location.origin) return;
  const saves: Promise<unknown>[] = [];
  for (const path of event.data.paths.slice(0, 20)) {
    const url = new URL(path, self.location.origin);
    const strategy = !sameOrigin(url) ? undefined : isOfflinePage(url.pathname) ? pages : isOfflineData(url.pathname) ? data : undefined;
    if (strategy) saves.push(strategy.handle({ event, request: new Request(url, { credentials: 'same-origin' }) }).catch(() => undefined));
  }
  event.waitUntil(Promise.all(saves));
});

// The logo, pictures and uploads the saved pages show; their names change with their content.
registerRoute(
  ({ request, url }) => request.destination === 'image' && sameOrigin(url),
  new CacheFirst({ cacheName: IMAGES_CACHE, plugins: [new CacheableResponsePlugin({ statuses: [200] }), expiry(80)] }),
);
