import { expect, test } from './fixtures';
import demo from '../../events/demo.event.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { expectNoHorizontalOverflow } from './iframe-helpers';
import { ATTENDEE, signIn } from './sign-in';
import { originOf } from './stage-helpers';

const isPhone = () => test.info().project.name === 'phone';
/** Headings of the demo's lobby elements, in their configured order. */
const expectedHeadings = demo.lobbyElements.map((e) => e.options.label);
const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

test('a logged-out visit to the lobby goes to the login page', { tag: '@desktop-only' }, async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('the profile menu logs out', { tag: '@desktop-only' }, async ({ page }) => {
  // A session of its own: the logout ends it, and the worker's kept one serves the other tests.
  await signIn(page, originOf(test.info()), 'demo', ATTENDEE, { isFresh: true });
  await page.goto('/');
  await page.getByRole('button', { name: /Profile menu for Alex Andersen/ }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('lobby', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, originOf(test.info()), 'demo');
    await page.goto('/');
  });

  test('shows every section of the demo event in lobby-element order, alternating odd and even colours', async ({ page }) => {
    const sections = page.locator('main section.lobby-section');
    await expect(sections.locator('.section-title')).toHaveText(expectedHeadings);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(expectedHeadings[0]!);
    const backgrounds = await sections.evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor));
    backgrounds.forEach((colour, i) => {
      expect(colour).toBe(rgb(i % 2 === 0 ? demo.branding.oddSectionColor : demo.branding.evenSectionColor));
    });
    // Section content: FAQ as disclosures, sponsor logos linking to sponsor pages, speaker cards.
    await expect(page.locator('details summary').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Nordvind Energy/ }).first()).toHaveAttribute('href', /^\/sponsor\/\d+\?from=lobby$/);
    await expect(page.getByRole('heading', { name: 'Ingrid Solberg' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
  });

  test('applies the event branding to the navbar, page and buttons', { tag: '@desktop-only' }, async ({ page }) => {
    const navbar = page.locator('header.navbar');
    await expect(navbar).toHaveCSS('background-color', rgb(demo.branding.navbarColor));
    await expect(navbar).toHaveCSS('color', rgb(demo.branding.darkTextColor));
    await expect(page.locator('body')).toHaveCSS('background-color', rgb(demo.branding.liveBackgroundColor));
    const button = page.getByRole('link', { name: 'See the full programme' });
    await expect(button).toHaveCSS('background-color', rgb(demo.branding.primaryButtonColor));
    await expect(button).toHaveCSS('color', rgb(demo.branding.primaryButtonTextColor));
  });

  test('navbar anchors scroll to their sections', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Sections' });
    // On a phone every section is behind Menu; at 1280 px the last ones do not fit the row and are under More.
    await nav.getByRole('button', { name: isPhone() ? 'Menu' : 'More', exact: true }).click();
    await nav.getByRole('link', { name: 'All partners' }).click();
    await expect(page).toHaveURL(/#section-sponsors-\d+$/);
    await expect(page.getByRole('heading', { level: 2, name: 'All partners' })).toBeInViewport();
  });

  test('the back-to-top button appears after 600 px of scrolling and returns to the top', { tag: '@desktop-only' }, async ({ page }) => {
    const backToTop = page.getByRole('button', { name: 'Back to top' });
    await expect(backToTop).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 500));
    await expect(backToTop).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect(backToTop).toBeVisible();
    await backToTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(backToTop).toBeHidden();
  });

  test('the footer has anchors to every section and the participants list', { tag: '@desktop-only' }, async ({ page }) => {
    const footer = page.getByRole('navigation', { name: 'Jump to a section' });
    await expect(footer.getByRole('link')).toHaveText([...expectedHeadings.slice(1), demo.captions.usersCaption]);
    await expect(footer.getByRole('link', { name: demo.captions.usersCaption })).toHaveAttribute('href', '/stage?tab=participants');
  });

  test('speaker search filters the speaker cards with a plain GET form', { tag: '@desktop-only' }, async ({ page }) => {
    const search = page.getByRole('searchbox', { name: 'Search speakers' });
    await search.fill('Okafor');
    await search.press('Enter');
    await expect(page).toHaveURL(/speakerSearch=Okafor/);
    const cards = page.locator('section.speakers li.speaker h3');
    await expect(cards).toHaveText(['Amara Okafor']);
  });

  test('desktop: the section links that do not fit the row are under More, none is cut off', { tag: '@desktop-only' }, async ({ page }) => {
    await page.evaluate(() => document.fonts.ready);
    const row = page.locator('#navbar-section-list');
    const more = page.getByRole('button', { name: 'More', exact: true });
    // The demo's six sections, the main-stage and participant links do not all fit 1280 px.
    await expect(more).toBeVisible();
    const total = await row.locator('li').count();
    const shown = await row.getByRole('link').all();
    const rowBox = (await row.boundingBox())!;
    for (const link of shown) {
      const box = (await link.boundingBox())!;
      expect(box.x + box.width, await link.textContent() ?? '').toBeLessThanOrEqual(rowBox.x + rowBox.width + 0.5);
    }
    await more.click();
    const menu = page.locator('#navbar-more-list');
    await expect(menu.getByRole('link')).toHaveCount(total - shown.length);
    await expect(menu.getByRole('link', { name: 'Info & FAQ' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(more).toBeFocused();
    await more.click();
    await menu.getByRole('link', { name: 'Info & FAQ' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/#/);
  });

  test('phone: the section menu is a disclosure; the main-stage button shows at both widths', async ({ page }) => {
    const mainStage = page.getByRole('link', { name: demo.lobbyElements[0]!.options.mainStageLabel! });
    if (!isPhone()) {
      await expect(mainStage).toBeVisible();
      await expect(mainStage).toHaveAttribute('href', '/stage?watch');
      await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
      return;
    }
    await expect(mainStage).toBeVisible();
    await expect(mainStage).toHaveAttribute('href', '/stage?watch');
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    const list = page.locator('#navbar-section-list');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(list).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});
