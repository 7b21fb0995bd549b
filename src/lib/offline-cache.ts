import { formatDate } from './dates';

/*
 * What the service worker keeps for use without a network, shared by the worker (src/sw/worker),
 * the pages' offline banner and logout. docs/offline.md explains the choices.
 */

/** Every cache filled at run time starts so; each may hold one attendee's pages or data. */
export const OFFLINE_CACHE_PREFIX = 'ep-offline-';
export const PAGES_CACHE = `${OFFLINE_CACHE_PREFIX}pages`;
export const DATA_CACHE = `${OFFLINE_CACHE_PREFIX}data`;
export const IMAGES_CACHE = `${OFFLINE_CACHE_PREFIX}images`;

/** Pages kept: the lobby, the stage, the web app (agenda, My program, info, documents tabs) and a ticket. */
const OFFLINE_PAGES = [/^\/$/, /^\/stage$/, /^\/webapp$/, /^\/qrTicket\/[^/]+$/];

/** API reads of those pages' islands: the agenda and bookings, info pages, documents. */
const OFFLINE_DATA = /^\/api\/liveEvent\/[^/]+\/(?:liveGetAgendaInfo(?:\/bookedSessions)?|getInfoPages|getPage\/[^/]+|getAllDocuments)$/;

export const isOfflinePage = (pathname: string): boolean => OFFLINE_PAGES.some((pattern) => pattern.test(pathname));
/** A stage or web app tab loaded on first open (StageTabs.astro): kept like data, so a tab opened online opens offline too. */
const OFFLINE_PANEL = /^\/(?:stage|webapp)\/panel\/[a-z]+$/;

export const isOfflineData = (pathname: string): boolean => OFFLINE_DATA.test(pathname) || OFFLINE_PANEL.test(pathname);

/** The header the worker adds to what it stores: when it was saved (the device's clock, ISO). */
export const SAVED_AT_HEADER = 'x-offline-saved-at';
/** The meta tag the worker puts into a page it answers from the cache. */
export const OFFLINE_COPY_META = 'offline-copy-saved-at';
/** The message the worker posts to a page whose data came from the cache. */
export const OFFLINE_COPY_MESSAGE = 'offline-copy';

export interface OfflineCopyMessage {
  type: typeof OFFLINE_COPY_MESSAGE;
  savedAt: string;
}

/** "5 minutes ago (14:32)" in the page's language, the clock in the event's zone: how old a saved copy is. */
export function savedAgo(savedAt: number, locale: string, zone: string, now = Date.now()): string {
  const minutes = Math.round((savedAt - now) / 60_000);
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const text = Math.abs(minutes) < 60 ? relative.format(minutes, 'minute')
    : Math.abs(minutes) < 24 * 60 ? relative.format(Math.round(minutes / 60), 'hour')
      : relative.format(Math.round(minutes / (24 * 60)), 'day');
  return `${text} (${formatDate(savedAt, 'time', zone, locale)})`;
}

/** Registers the event's service worker; a browser without one just stays online-only. */
export function registerServiceWorker(): void {
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
    void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  }
}

/** Deletes every run-time cache (the precached app shell holds nothing personal and stays). */
export async function clearOfflineCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(OFFLINE_CACHE_PREFIX)).map((name) => caches.delete(name)));
}
