import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { expectNoHorizontalOverflow } from './iframe-helpers';

test.describe('public speakers iframe', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/speakersIframe');
  });

  test('shows speaker cards with names, accessibly and without sideways scrolling', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cards = page.locator('article.speaker');
    await expect(cards.first()).toBeVisible();
    await expect(cards.first().getByRole('heading', { level: 2 })).toBeVisible();
    expect(await cards.count()).toBeLessThanOrEqual(20);
    await expect(page.locator('script[src]')).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
  });
});
