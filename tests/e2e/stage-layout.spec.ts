import { expect, test, type Locator, type Page } from '@playwright/test';
import { originOf } from './stage-helpers';
import { signIn } from './sign-in';
import { expectNoSeriousA11yViolations } from './axe';

/** The top edge of every tab: one row means one value. */
async function tabRows(tablist: Locator): Promise<number> {
  const tops = await tablist.getByRole('tab').evaluateAll((tabs) => tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
  return new Set(tops).size;
}

/** True when the element's whole box lies inside its scrolling tab row. */
function isWhollyInRow(tab: Locator): Promise<boolean> {
  return tab.evaluate((element) => {
    const row = element.parentElement!.getBoundingClientRect();
    const own = element.getBoundingClientRect();
    return own.left >= row.left - 1 && own.right <= row.right + 1;
  });
}

/** Where the page and every tab panel are scrolled to, as one string. */
const positions = (page: Page) => page.evaluate(() => [window.scrollY, ...[...document.querySelectorAll('.tabpanel')].map((p) => p.scrollTop)].join());

/**
 * Turns the mouse wheel once and waits until the page has it: its wheel event arrived and two
 * frames were drawn after it, by when a scroll it starts has moved what it moves.
 */
async function wheelOnce(page: Page, deltaY: number): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { wheeled?: Promise<void> }).wheeled = new Promise((resolve) => window.addEventListener('wheel', () => resolve(), { once: true, passive: true }));
  });
  await page.mouse.wheel(0, deltaY);
  await page.evaluate(async () => {
    await (window as unknown as { wheeled?: Promise<void> }).wheeled;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Wheels over the element until a turn moves nothing any more, as a reader scrolling to the end
 * would. After a turn that moved something it waits for that scroll's end (scrollend, on the
 * panel or the page): the browser has closed the turn's scroll gesture, so the next turn opens a
 * new one, and a new gesture at the panel's end is what would pass on to the page.
 */
async function wheelToEnd(page: Page, over: Locator): Promise<void> {
  const box = (await over.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 300));
  for (let round = 0; round < 20; round += 1) {
    const before = await positions(page);
    await page.evaluate(() => {
      (window as unknown as { scrollEnded?: Promise<void> }).scrollEnded = new Promise((resolve) => document.addEventListener('scrollend', () => resolve(), { once: true, capture: true }));
    });
    await wheelOnce(page, 800);
    if (await positions(page) === before) return;
    await page.evaluate(() => (window as unknown as { scrollEnded?: Promise<void> }).scrollEnded);
  }
}

test.describe('stage layout', () => {
  test('scrolling the wide stage\'s sidebar to its end leaves the player wholly in view', { tag: '@desktop-only' }, async ({ page }) => {
    test.setTimeout(120_000); // twenty wheel turns on a busy machine
    await signIn(page, originOf(test.info()), 'demo');
    await page.goto('/stage');
    const panel = page.getByRole('tabpanel', { name: 'Summit feed' });
    await expect(panel.getByRole('article').first()).toBeVisible();
    await wheelToEnd(page, panel);
    // The panel itself scrolled (its content is longer than the window), the page did not.
    expect(await panel.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    const player = page.locator('#stage-stream .stream-media');
    const box = (await player.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    // The tab row stays put above the scrolled panel.
    await expect(page.getByRole('tab', { name: 'Summit feed' })).toBeInViewport({ ratio: 1 });
  });

  test('the stage shows at most five tabs, all whole, and "More" lists the rest as a menu used by keyboard', async ({ page }) => {
    await signIn(page, originOf(test.info()), 'demo');
    await page.goto('/stage');
    await expect(page.locator('[data-stage-tabs][data-arranged]')).toHaveCount(1);
    const tablist = page.getByRole('tablist', { name: 'Stage content' });
    const shown = tablist.getByRole('tab');
    const count = await shown.count();
    expect(count).toBeGreaterThanOrEqual(1);
    expect(count).toBeLessThanOrEqual(5);
    expect(await tabRows(tablist)).toBe(1);
    for (let index = 0; index < count; index += 1) expect(await isWhollyInRow(shown.nth(index))).toBe(true);

    const more = page.getByRole('button', { name: 'More' });
    await expect(more).toHaveAttribute('aria-haspopup', 'menu');
    await more.focus();
    await page.keyboard.press('ArrowDown');
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('menu', { name: 'More' });
    // The menu holds every tab the row does not: together they are the page's tabs.
    expect(count + await menu.getByRole('menuitem').count()).toBe(await page.locator('[role="tab"]').count());
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(more).toBeFocused();

    await page.keyboard.press('ArrowUp');
    const chatItem = menu.getByRole('menuitem', { name: 'Chat' });
    await expect(chatItem).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    // The chosen tab takes a place in the row, selected and focused, with its panel shown.
    const chat = tablist.getByRole('tab', { name: 'Chat' });
    await expect(chat).toHaveAttribute('aria-selected', 'true');
    await expect(chat).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Chat' })).toBeVisible();
    expect(await tablist.getByRole('tab').count()).toBeLessThanOrEqual(5);
    await expect.poll(() => isWhollyInRow(chat)).toBe(true);
    await page.keyboard.press('Home');
    await expect(tablist.getByRole('tab').first()).toHaveAttribute('aria-selected', 'true');
  });

  test('the header\'s chat button opens the chat tab, whatever tab is open', async ({ page }) => {
    await signIn(page, originOf(test.info()), 'demo');
    await page.goto('/stage?tab=agenda');
    await page.locator('.stage-header').getByRole('button', { name: 'Chat', exact: true }).click();
    await expect(page.getByRole('tabpanel', { name: 'Chat' })).toBeInViewport();
    await expect(page.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a tab named by ?tab= opens in the row', async ({ page }) => {
    await signIn(page, originOf(test.info()), 'demo');
    await page.goto('/stage?tab=selfie');
    const selfie = page.getByRole('tab', { name: 'Selfie' });
    await expect(selfie).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => isWhollyInRow(selfie)).toBe(true);
  });

  test('the web app\'s tab bar takes one row on a phone', { tag: '@phone-only' }, async ({ page }) => {
    await signIn(page, originOf(test.info()), 'demo');
    await page.goto('/webapp');
    const tablist = page.getByRole('tablist');
    expect(await tabRows(tablist)).toBe(1);
  });

  test('on a phone the header is one short row and the post form one line until tapped', { tag: '@phone-only' }, async ({ page }) => {
    await signIn(page, originOf(test.info()), 'demo');
    await page.goto('/webapp');
    const header = (await page.locator('.stage-header').boundingBox())!;
    expect(header.height).toBeLessThanOrEqual(56);
    const form = page.locator('form.timeline-form:not(.is-comment)');
    const post = form.getByRole('button', { name: 'Post', exact: true });
    await expect(form.getByLabel('Write a post')).toBeVisible();
    await expect(post).toBeHidden();
    expect((await form.boundingBox())!.height).toBeLessThan(80);
    // The form sits above the fixed tab bar, not behind it.
    await expect(form.getByLabel('Write a post')).toBeInViewport({ ratio: 1 });
    const bar = (await page.locator('.tab-row').boundingBox())!;
    expect((await form.boundingBox())!.y + (await form.boundingBox())!.height).toBeLessThanOrEqual(bar.y + 1);
    await form.getByLabel('Write a post').tap();
    await expect(post).toBeVisible();
    await expect(form.getByRole('button', { name: 'Add images' })).toBeVisible();
    // A tap elsewhere with nothing written folds it again.
    await page.getByRole('heading', { name: 'Summit feed' }).tap();
    await expect(post).toBeHidden();
  });

  test('on a phone the programme shows sessions on its first screen, the filters folded away', { tag: '@phone-only' }, async ({ page }) => {
    await signIn(page, originOf(test.info()), 'demo');
    await page.goto('/webapp');
    await page.getByRole('tab', { name: 'Programme' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Programme' });
    await expect(panel.getByLabel('Search', { exact: true })).toBeVisible();
    await expect(panel.getByLabel('Category', { exact: true })).toBeHidden();
    await expect(panel.getByRole('article').first()).toBeInViewport();
    await panel.getByText('More filters').click();
    await expect(panel.getByLabel('Category', { exact: true })).toBeVisible();
  });
});
