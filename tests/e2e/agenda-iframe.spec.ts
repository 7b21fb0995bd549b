import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { expectNoHorizontalOverflow, textsOf } from './iframe-helpers';

test.describe('public agenda iframe', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/agendaIframe');
  });

  test('shows the agenda by day with timed sessions, accessibly and without sideways scrolling', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    const sessions = page.locator('article.session');
    await expect(sessions.first()).toBeVisible();
    await expect(sessions.first()).toContainText(/\d{2}:\d{2}–\d{2}:\d{2}/);
    await expect(page.locator('script[src]')).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
  });

  test('collapses and expands a day', { tag: '@desktop-only' }, async ({ page }) => {
    const day = page.locator('details.day').first();
    const firstSession = day.locator('article.session').first();
    await expect(firstSession).toBeVisible();
    await day.locator(':scope > summary').click();
    await expect(firstSession).toBeHidden();
    await day.locator(':scope > summary').click();
    await expect(firstSession).toBeVisible();
  });

  test('choosing a day shows only that day', { tag: '@desktop-only' }, async ({ page }) => {
    const t = await textsOf(page);
    const daySelect = page.getByLabel(t.agenda.day);
    test.skip((await daySelect.count()) === 0, 'the demo agenda has a single day');
    const value = await daySelect.locator('option').nth(1).getAttribute('value');
    await daySelect.selectOption(value ?? '');
    await expect(page).toHaveURL(new RegExp(`day=${value}`));
    await expect(page.locator('details.day')).toHaveCount(1);
    await expect(page.locator('details.day')).toHaveAttribute('data-day', value ?? '');
  });

  test('"More info" reveals a session description', { tag: '@desktop-only' }, async ({ page }) => {
    const t = await textsOf(page);
    const more = page.locator('article.session details.more').first();
    test.skip((await more.count()) === 0, 'no session has a description');
    await expect(more.locator('.description')).toBeHidden();
    await more.getByText(t.agenda.moreInfo).click();
    await expect(more.locator('.description')).toBeVisible();
  });
});
