import { pageTimeZone } from '~/lib/page-time-zone';
import { OFFLINE_COPY_MESSAGE, OFFLINE_COPY_META, savedAgo, type OfflineCopyMessage } from '~/lib/offline-cache';

const isCopyMessage = (data: unknown): data is OfflineCopyMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === OFFLINE_COPY_MESSAGE;

/**
 * Shows the banner when the page itself came from the cache (the worker's meta tag), when data
 * it asked for did (the worker's message), or when the browser goes offline; the age is of the
 * oldest copy on screen.
 */
export function bindOfflineBanner(region: HTMLElement): void {
  const banner = region.querySelector<HTMLElement>('[data-offline-banner]');
  const age = region.querySelector<HTMLElement>('[data-offline-age]');
  if (!banner || !age) return;
  const locale = document.documentElement.lang || 'en';
  const template = region.dataset['savedCopy'] ?? '{{age}}';
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${OFFLINE_COPY_META}"]`);
  let oldest: number | undefined;

  // The page moves down by the banner's height (--offline-inset), so the banner covers nothing,
  // least of all the header's ticket button, which is what an attendee offline is looking for.
  const root = document.documentElement.style;
  const show = (savedAt: number) => {
    if (!Number.isFinite(savedAt)) return;
    oldest = Math.min(oldest ?? savedAt, savedAt);
    age.textContent = template.replace('{{age}}', savedAgo(oldest, locale, pageTimeZone()));
    banner.hidden = false;
    root.setProperty('--offline-inset', `${banner.offsetHeight}px`);
  };

  if (meta) show(Date.parse(meta.content));
  // A page loaded from the network is current as of its load.
  window.addEventListener('offline', () => show(Date.now() - performance.now()));
  window.addEventListener('online', () => {
    if (meta) return;
    banner.hidden = true;
    root.removeProperty('--offline-inset');
  });
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
      if (isCopyMessage(event.data)) show(Date.parse(event.data.savedAt));
    });
    navigator.serviceWorker.startMessages();
  }
}
