import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { expectNoHorizontalOverflow, textsOf } from './iframe-helpers';

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

  test('every contact link has an accessible name that says whose it is', { tag: '@desktop-only' }, async ({ page }) => {
    const links = page.locator('article.speaker .links a');
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('aria-label', /\S+ \S+/);
    }
  });

  test('searching by a speaker name finds that speaker', { tag: '@desktop-only' }, async ({ page }) => {
    const t = await textsOf(page);
    const name = (await page.locator('article.speaker h2').first().textContent())?.trim() ?? '';
    await page.getByLabel(t.speakers.search, { exact: true }).fill(name);
    await page.getByRole('button', { name: t.speakers.apply }).click();
    await expect(page).toHaveURL(/search=/);
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  });

  test('a search with no match says so', { tag: '@desktop-only' }, async ({ page }) => {
    const t = await textsOf(page);
    await page.getByLabel(t.speakers.search, { exact: true }).fill('zz-no-such-speaker-zz');
    await page.keyboard.press('Enter');
    await expect(page.getByText(t.speakers.noMatch)).toBeVisible();
  });

  test("a speaker's sessions are listed with their time range", { tag: '@desktop-only' }, async ({ page }) => {
    const t = await textsOf(page);
    const sessions = page.locator('article.speaker details.more', { hasText: t.speakers.sessions }).first();
    test.skip((await sessions.count()) === 0, 'no speaker has sessions');
    await sessions.locator('summary').click();
    await expect(sessions.getByRole('table')).toContainText(/\d{2}:\d{2}–\d{2}:\d{2}/);
  });

  test('paging links move between pages of speakers', { tag: '@desktop-only' }, async ({ page }) => {
    const t = await textsOf(page);
    const next = page.getByRole('link', { name: t.speakers.next });
    test.skip((await next.count()) === 0, 'the demo has one page of speakers');
    const first = await page.locator('article.speaker h2').first().textContent();
    await next.click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.locator('article.speaker h2').first()).not.toHaveText(first ?? '');
  });
});
