import { expect, type Page } from '@playwright/test';
import { memberGet } from './sign-in';

/** A sponsor's id by name, asked with the page's session (the list is for members) so the event's own ids are used. */
export async function sponsorIdByName(page: Page, origin: string, eventId: string, name: string): Promise<number> {
  const list = await memberGet<{ id: number; name: string }[]>(page, origin, `/api/liveEvent/${eventId}/sponsors`);
  const found = list.find((s) => s.name === name);
  expect(found, `sponsor ${name}`).toBeDefined();
  return found!.id;
}

/**
 * Waits until the islands inside `scope` have hydrated (Astro drops their `ssr` attribute then),
 * but for those in a closed menu (`client:afterload="shown"`), which hydrate when it opens.
 */
export async function islandsHydrated(scope: Page | ReturnType<Page['locator']>): Promise<void> {
  await expect(scope.locator('astro-island[ssr]:not([opts*=\'"value":"shown"\'])')).toHaveCount(0, { timeout: 15_000 });
}
