import type { ClientDirective } from 'astro';
import { afterPageLoad } from '../stream/after-load';
import { hydrateWhenShown } from './when-shown';

/**
 * `client:afterload` hydrates an island once the page has loaded (its pictures included) and the
 * main thread is idle; `client:afterload="visible"` then also waits until the island is on screen.
 * The stage and the web app use it for every island so that no script is requested before their
 * largest picture has painted: on a slow phone connection React and the islands' chunks took the
 * bandwidth that picture needed (docs/browser-performance.md). The islands are
 * server-rendered, so they are on screen before; only their handlers wait.
 * `client:afterload="shown"` is for what a closed menu holds (when-shown.ts): it hydrates when
 * first shown, load or not, as the viewer asked for it.
 */
const hydrateAfterLoad: ClientDirective = (load, options, el) => {
  const hydrate = async (): Promise<void> => {
    const start = await load();
    await start();
  };
  if (options.value === 'shown') return hydrateWhenShown(hydrate, el);
  // A panel fetched after the load (a tab opened later) goes straight to its visibility check.
  const whenLoaded = document.readyState === 'complete' ? (start: () => void) => { start(); } : afterPageLoad;
  whenLoaded(() => {
    if (options.value !== 'visible') return void hydrate();
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void hydrate();
    });
    // An island is `display: contents`: watch what it rendered, as client:visible does.
    if (el.children.length === 0) return void hydrate();
    for (const child of el.children) observer.observe(child);
  });
};

export default hydrateAfterLoad;
