/**
 * Runs `start` once the page has loaded (its pictures included) and the main thread is idle, or
 * 1 s after the load at the latest. The player (hls.js and media-chrome, ≈ 150 kB gzip) waits
 * for this so that it does not compete with the page's first paint and largest picture on a slow
 * phone connection (/webapp's LCP). Returns a cancel function.
 */
export function afterPageLoad(start: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const whenIdle = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') idleHandle = requestIdleCallback(() => { if (!cancelled) start(); }, { timeout: 1_000 });
    else timer = setTimeout(() => { if (!cancelled) start(); }, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', whenIdle);
    if (idleHandle !== undefined) cancelIdleCallback(idleHandle);
    clearTimeout(timer);
  };
}
