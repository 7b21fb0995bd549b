/**
 * Runs `start` once the page has loaded (its pictures included) and the main thread is idle, or
 * 1 s after the load at the latest. The player (hls.js and media-chrome, ≈ 150 kB gzip) waits
 * for this so that it does not compete with the page's first paint and largest picture on a slow
 * phone connection (/webapp's LCP). Returns a cancel function.
 */
export function afterPageLoad(start: () => void): () => void {
  let cancelled = false;
  let cancelIdle: (() => void) | undefined;
  const whenIdle = () => {
    if (!cancelled) cancelIdle = onIdle(() => { if (!cancelled) start(); });
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', whenIdle);
    cancelIdle?.();
  };
}

/** Runs `run` when the main thread is next idle, 1 s later at the latest. Returns a cancel function. */
export function onIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 1_000 });
    return () => { cancelIdleCallback(handle); };
  }
  const timer = setTimeout(run, 0);
  return () => { clearTimeout(timer); };
}

/** Resolves when the main thread is next idle: the work after it runs in a task of its own. */
export const idleMoment = (): Promise<void> => new Promise((resolve) => { onIdle(resolve); });
