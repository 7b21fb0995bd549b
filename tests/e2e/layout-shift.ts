import { expect, type Page } from '@playwright/test';

interface LayoutShift { value: number; startTime: number; hadRecentInput: boolean; sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] }

/**
 * Starts recording layout shifts (a PerformanceObserver for 'layout-shift', as Lighthouse reads
 * them) on every page the tab opens next. Shifts right after input do not count, as in CLS.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = { total: 0, sources: [] as string[], flush: (): void => undefined };
    (window as unknown as { __layoutShifts: typeof record }).__layoutShifts = record;
    const add = (entries: LayoutShift[]) => {
      for (const entry of entries) {
        if (entry.hadRecentInput) continue;
        record.total += entry.value;
        for (const source of entry.sources ?? []) {
          const node = source.node;
          const moved = `${Math.round(source.previousRect.y)}→${Math.round(source.currentRect.y)}px at ${Math.round(entry.startTime)} ms`;
          if (node instanceof Element) record.sources.push(`${node.tagName.toLowerCase()}.${[...node.classList].join('.')} ${entry.value.toFixed(4)} (${moved})`);
        }
      }
    };
    const observer = new PerformanceObserver((list) => add(list.getEntries() as unknown as LayoutShift[]));
    observer.observe({ type: 'layout-shift', buffered: true });
    // Entries recorded but not yet handed to the callback (it runs later, in a task of its own).
    record.flush = () => add(observer.takeRecords() as unknown as LayoutShift[]);
  });
}

/**
 * Waits until nothing that loads can still move the page: its fonts loaded, its islands hydrated
 * (those that wait for a menu to open or to be scrolled to aside), the pictures in view loaded,
 * and two frames drawn after that, so the last layout is on screen (and its shifts recorded).
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await expect(page.locator('astro-island[ssr]:not([client="visible"]):not([opts*=\'"value":"shown"\']):not([opts*=\'"value":"visible"\'])')).toHaveCount(0, { timeout: 30_000 });
  await page.waitForFunction(() => [...document.images].every((image) => {
    const box = image.getBoundingClientRect();
    const isInView = box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
    return !isInView || image.complete;
  }), undefined, { timeout: 30_000 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * The page's cumulative layout shift once it has settled (its HTML all streamed, its requests
 * done, then `settled`): every shift added up, which is never less than Lighthouse's figure (the
 * worst five-second window); with the elements that moved.
 */
export async function layoutShiftOf(page: Page): Promise<{ total: number; sources: string[] }> {
  await page.waitForLoadState('load');
  await page.waitForLoadState('networkidle');
  await settled(page);
  return page.evaluate(() => {
    const record = (window as unknown as { __layoutShifts: { total: number; sources: string[]; flush(): void } }).__layoutShifts;
    // Shifts already recorded but not yet handed to the observer's callback count too.
    record.flush();
    return { total: record.total, sources: record.sources };
  });
}

/**
 * Lighthouse's mobile conditions as DevTools applies them (its `devtools` throttling of "slow
 * 4G": 562.5 ms round trip, 1.47 Mbit/s down, 675 kbit/s up; 4× CPU slowdown), so HTML streams
 * in and islands hydrate late, as on a phone. Shifts that a fast local load hides show here.
 */
export async function throttleLikeLighthouse(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}
