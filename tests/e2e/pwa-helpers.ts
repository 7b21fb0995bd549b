import { expect, type Page } from '@playwright/test';

/**
 * Waits until the event's service worker controls the page (it claims open pages once active;
 * installing means fetching the app shell, slow on a busy machine).
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
    message: 'the service worker controls the page', timeout: 20_000,
  }).toBe(true);
}

/** Every cache of the page's origin with the URLs in it. */
export function cacheContents(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      result[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    return result;
  });
}

/** The text of every cached response, to look for a person's name in it. */
export function cachedTexts(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const texts: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        if (response && /text|json/.test(response.headers.get('content-type') ?? '')) texts.push(await response.text());
      }
    }
    return texts.join('\n');
  });
}

/** Chromium's own verdict on installing the page as an app (DevTools' Application panel). */
export async function installabilityErrors(page: Page): Promise<string[]> {
  const session = await page.context().newCDPSession(page);
  const { installabilityErrors: errors } = await session.send('Page.getInstallabilityErrors');
  await session.detach();
  return errors.map((error) => error.errorId);
}
