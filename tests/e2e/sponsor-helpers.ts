import { expect, type Page } from '@playwright/test';

/** A sponsor's id by name, asked from the page (signed in) so the event's own ids are used. */
export async function sponsorIdByName(page: Page, eventId: string, name: string): Promise<number> {
  const list = await page.evaluate(async (path) => (await fetch(path)).json() as Promise<{ id: number; name: string }[]>, `/api/liveEvent/${eventId}/sponsors`);
  const found = list.find((s) => s.name === name);
  expect(found, `sponsor ${name}`).toBeDefined();
  return found!.id;
}

/** Waits until the islands inside `scope` have hydrated (Astro drops their `ssr` attribute then). */
export async function islandsHydrated(scope: Page | ReturnType<Page['locator']>): Promise<void> {
  await expect(scope.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 15_000 });
}
