import { expect, test } from './fixtures';
import { attemptSlug, chooseTab, expectVideoAdvances, importTestEvent, originOf, PLAYING, stageTab } from './stage-helpers';
import { signIn } from './sign-in';

test.describe('web app', () => {
  test.describe('with the stream playing', () => {
    test.use(PLAYING);
    test('puts the stream on top and the sections in a tab bar at the bottom', async ({ page }) => {
      await signIn(page, originOf(test.info()), 'demo');
      await page.goto('/webapp');
      const region = page.getByRole('region', { name: 'Live stream' });
      await expect(region).toBeVisible();
      await expectVideoAdvances(page);
      const viewport = page.viewportSize()!;
      // The bar holds the tab row and "More".
      const bar = await page.locator('.tab-row').filter({ has: page.getByRole('tablist', { name: 'Web app sections' }) }).boundingBox();
      const stream = await region.boundingBox();
      expect(bar).not.toBeNull();
      expect(Math.round(bar!.y + bar!.height)).toBeGreaterThanOrEqual(viewport.height - 1);
      expect(stream!.y).toBeLessThan(bar!.y);
      // 'Home' reloads the web app (docs/product.md §2); there is no way out to the lobby.
      await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/webapp');
      await expect(page.getByRole('link', { name: 'Back to lobby' })).toHaveCount(0);
    });
  });

  test('the sections tab bar switches panels', async ({ page }) => {
    await signIn(page, originOf(test.info()), 'demo');
    await page.goto('/webapp');
    await chooseTab(page, 'Programme');
    await expect(page.getByRole('tabpanel', { name: 'Programme' })).toBeVisible();
  });

  test('opens on the timeline with its first posts from the page, hydrated without an error', { tag: '@phone-only' }, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    await signIn(page, originOf(test.info()), 'demo');
    await page.goto('/webapp');
    const timeline = page.locator('#panel-timeline');
    await expect(timeline).toBeVisible();
    // The first picture is the page's largest paint: in the HTML, fetched first.
    await expect(timeline.locator('img[fetchpriority="high"]')).toHaveCount(1);
    // A post's full time (title) appears once the island has rendered in the browser.
    await expect(timeline.locator('time[title]').first()).toBeAttached({ timeout: 15_000 });
    expect(errors, 'no console error, no React #418').toEqual([]);
  });

  test('takes its tabs from the webApp flags, not the stage flags', { tag: '@phone-only' }, async ({ page, request }) => {
    const slug = attemptSlug(`webappflags-${test.info().project.name}`);
    const origin = originOf(test.info(), slug);
    await importTestEvent(request, origin, slug, (file) => {
      file.features['webAppNavigationSponsors'] = false;
      file.features['webAppChat'] = false;
      file.features['stageTabAgenda'] = false;
    });
    await signIn(page, origin, slug);
    await page.goto(`${origin}/webapp`);
    await expect(page.getByRole('tab', { name: 'Programme' })).toBeVisible();
    await expect(stageTab(page, 'sponsors')).toHaveCount(0);
    await expect(stageTab(page, 'chat')).toHaveCount(0);
    await page.goto(`${origin}/stage`);
    await expect(stageTab(page, 'sponsors')).toHaveCount(1);
    await expect(stageTab(page, 'chat')).toHaveCount(1);
    await expect(stageTab(page, 'agenda')).toHaveCount(0);
  });
});
