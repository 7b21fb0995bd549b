import type { Page } from '@playwright/test';

interface LayoutShift { value: number; startTime: number; hadRecentInput: boolean; sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] }

/**
 * Starts recording layout shifts (a PerformanceObserver for 'layout-shift', as Lighthouse reads
 * them) on every page the tab opens next. Shifts right after input do not count, as in CLS.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = { total: 0, sources: [] as string[] };
    (window as unknown as { __layoutShifts: typeof record }).__layoutShifts = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as LayoutShift[]) {
        if (entry.hadRecentInput) continue;
        record.total += entry.value;
        for (const source of entry.sources ?? []) {
          const node = source.node;
          const moved = `${Math.round(source.previousRect.y)}→${Math.round(source.currentRect.y)}px at ${Math.round(entry.startTime)} ms`;
          if (node instanceof Element) record.sources.push(`${node.tagName.toLowerCase()}.${[...node.classList].join('.')} ${entry.value.toFixed(4)} (${moved})`);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The page's cumulative layout shift once it has settled: every shift added up, which is never
 * less than Lighthouse's figure (the worst five-second window); with the elements that moved.
 */
export async function layoutShiftOf(page: Page, settleMs = 2500): Promise<{ total: number; sources: string[] }> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(settleMs);
  return page.evaluate(() => (window as unknown as { __layoutShifts: { total: number; sources: string[] } }).__layoutShifts);
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
