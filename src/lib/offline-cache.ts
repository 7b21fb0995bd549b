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

/** API reads of those pages' islands: the agenda and bookings, info pages, documents, the attendee's own profile (their ticket). */
const OFFLINE_DATA = /^\/api\/liveEvent\/[^/]+\/(?:liveGetAgendaInfo(?:\/bookedSessions)?|getInfoPages|getPage\/[^/]+|getAllDocuments|getOwnUserInfoFromSession)$/;

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

/** The message a page sends the worker with what it loaded before the worker controlled it. */
export const SAVE_COPIES_MESSAGE = 'save-copies';

export interface SaveCopiesMessage {
  type: typeof SAVE_COPIES_MESSAGE;
  /** Same-origin paths (with their query) the worker keeps: pages and data of the lists above. */
  paths: string[];
}

export const isSaveCopiesMessage = (data: unknown): data is SaveCopiesMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SAVE_COPIES_MESSAGE
  && Array.isArray((data as { paths?: unknown }).paths);

/**
 * What the worker should keep of a page it did not control yet (the first visit: the worker
 * installs while the page loads): the page itself and the data its islands read, as same-origin
 * paths. `loaded` are the URLs of the page's requests (resource timing).
 */
export function copiesToSave(page: string, loaded: readonly string[], origin: string): string[] {
  const paths = new Set<string>();
  for (const href of [page, ...loaded]) {
    const url = new URL(href, origin);
    if (url.origin !== origin) continue;
    if (href === page ? isOfflinePage(url.pathname) : isOfflineData(url.pathname)) paths.add(`${url.pathname}${url.search}`);
  }
  return [...paths];
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

/**
 * A page the worker did not answer (it was still installing, or this is the first visit) is not
 * saved, so one online visit would not be enough to open it offline: once a worker is active it is
 * sent the page and the data read so far, and then each read that started before the worker
 * controlled the page (later reads go through it anyway).
 */
export function saveFirstVisit(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || navigator.serviceWorker.controller) return;
  const sent = new Set<string>();
  let worker: ServiceWorker | null = null;
  let controlledAt = Infinity;
  const beforeControl = (entries: PerformanceEntryList) => entries.filter((entry) => entry.startTime < controlledAt).map((entry) => entry.name);
  const send = (loaded: string[]) => {
    const paths = copiesToSave(location.href, loaded, location.origin).filter((path) => !sent.has(path));
    if (!worker || paths.length === 0) return;
    paths.forEach((path) => sent.add(path));
    const message: SaveCopiesMessage = { type: SAVE_COPIES_MESSAGE, paths };
    worker.postMessage(message);
  };
  void navigator.serviceWorker.ready.then((registration) => {
    worker = registration.active;
    send(beforeControl(performance.getEntriesByType('resource')));
  }).catch(() => undefined);
  navigator.serviceWorker.addEventListener('controllerchange', () => { controlledAt = performance.now(); }, { once: true });
  new PerformanceObserver((list) => send(beforeControl(list.getEntries()))).observe({ type: 'resource' });
}

/** Deletes every run-time cache (the precached app shell holds nothing personal and stays). */
export async function clearOfflineCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(OFFLINE_CACHE_PREFIX)).map((name) => caches.delete(name)));
}
