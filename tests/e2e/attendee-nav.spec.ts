import { type APIRequestContext, type Page } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import demo from '../../events/demo.event.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { cacheContents, waitForServiceWorker } from './pwa-helpers';
import { islandsHydrated } from './sponsor-helpers';
import { signIn } from './sign-in';
import { attemptSlug, importTestEvent, originOf } from './stage-helpers';

/*
 * The attendee finds the ticket, the avatar menu's rights and the open polls without
 * typing a URL, and one online visit is enough for the web app and the ticket offline.
 */

/** An event of its own: the demo's polls with access keys of this event (keys are unique across events). */
async function navEvent(request: APIRequestContext, name: string): Promise<{ slug: string; origin: string }> {
  const slug = attemptSlug(`nav-${test.info().project.name}-${name}`);
  const origin = originOf(test.info(), slug);
  await importTestEvent(request, origin, slug, (file) => {
    file['polls'] = structuredClone(demo.polls).map((poll) => ({ ...poll, accessKey: `${slug}-${poll.key}` }));
  });
  return { slug, origin };
}

const ticketQr = (page: Page) => page.getByRole('dialog', { name: en.profile.ticket }).getByRole('img', { name: /QR code of your ticket/ });

test('from the web app the ticket opens in one tap and the avatar menu reaches privacy and logs out', async ({ page, request }) => {
  test.slow(); // an axe scan of /webapp
  const { slug, origin } = await navEvent(request, 'menu');
  await signIn(page, origin, slug);
  await page.goto(`${origin}/webapp`);
  await islandsHydrated(page.locator('.stage-header'));

  // Every header control is whole in view at both widths (the web app is a 640 px column on a wide
  // screen): none is cut off at the edge of the row of buttons, which scrolls sideways when full.
  const boxes = await page.locator('.stage-header').locator('a.button, button').evaluateAll((elements) => elements
    .filter((element) => element.getClientRects().length > 0).map((element) => {
      const clip = (element.closest('.stage-nav') ?? element.closest('.stage-header'))!.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      return { left: box.left - clip.left, right: clip.right - box.right };
    }));
  expect(boxes.length).toBeGreaterThanOrEqual(6);
  for (const box of boxes) expect(Math.min(box.left, box.right)).toBeGreaterThanOrEqual(-0.5);

  await page.getByRole('button', { name: en.profile.ticket }).click();
  await expect(ticketQr(page).locator('svg')).toBeVisible();
  await expect(page.getByRole('dialog', { name: en.profile.ticket })).toContainText(`${slug}-`);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');

  const avatar = page.getByRole('button', { name: /^Profile menu for/ });
  await avatar.click();
  const menu = page.locator('#profile-menu');
  // A menu of its own width, whose every entry takes one line.
  expect((await menu.boundingBox())!.width).toBeLessThanOrEqual(260);
  for (const entry of [en.profile.open, en.profile.ticket, en.profile.voucher, en.profile.groups, en.privacy.title, en.navbar.logout]) {
    await expect(menu.getByRole('button', { name: entry, exact: true })).toBeVisible();
    expect((await menu.getByRole('button', { name: entry, exact: true }).boundingBox())!.height).toBeLessThan(50);
  }
  await menu.getByRole('button', { name: en.privacy.title, exact: true }).click();
  const profile = page.getByRole('dialog', { name: en.profile.title });
  await expect(profile.getByRole('button', { name: en.privacy.download })).toBeVisible();
  // The menu closed as the dialog opened, and the avatar that opened it has the focus back after.
  await expect(menu).toBeHidden();
  await expect(avatar).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Escape');
  await expect(profile).toBeHidden();
  await expect(avatar).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await menu.getByRole('button', { name: en.navbar.logout, exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the stage has the same avatar menu, with the ticket one entry away', { tag: '@desktop-only' }, async ({ page, request }) => {
  const { slug, origin } = await navEvent(request, 'stage-menu');
  await signIn(page, origin, slug);
  await page.goto(`${origin}/stage`);
  await islandsHydrated(page.locator('.stage-header'));
  await page.getByRole('button', { name: /^Profile menu for/ }).click();
  await page.locator('#profile-menu').getByRole('button', { name: en.profile.ticket, exact: true }).click();
  await expect(ticketQr(page).locator('svg')).toBeVisible();
});

test('one online visit keeps the web app and the ticket for use offline', { tag: '@phone-only' }, async ({ page, context, request, consoleErrors }) => {
  test.slow(); // the worker installs (the whole app shell) during the test
  // Offline, Chromium logs each request the page cannot make.
  consoleErrors.allow(/net::ERR_INTERNET_DISCONNECTED/);
  const { slug, origin } = await navEvent(request, 'offline');
  await signIn(page, origin, slug);
  await page.goto(`${origin}/webapp`);
  await islandsHydrated(page.locator('.stage-header'));
  await waitForServiceWorker(page);
  // The worker kept the page and the attendee's own profile (the ticket) from this first visit.
  await expect.poll(async () => {
    const caches = await cacheContents(page);
    return [...(caches['ep-offline-pages'] ?? []), ...(caches['ep-offline-data'] ?? [])].filter((path) => /^\/webapp$|getOwnUserInfoFromSession$/.test(path)).sort();
  }, { timeout: 20_000 }).toEqual([expect.stringMatching(/^\/api\/liveEvent\/\d+\/getOwnUserInfoFromSession$/), '/webapp']);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: en.offline.title }).getByText(`${en.offline.title}.`)).toBeVisible();
  // The page moves down by the banner's height: on a phone it keeps to a few short lines.
  expect((await page.locator('[data-offline-banner]').boundingBox())!.height).toBeLessThanOrEqual(100);
  await islandsHydrated(page.locator('.stage-header'));
  await page.getByRole('button', { name: en.profile.ticket }).click();
  await expect(ticketQr(page).locator('svg')).toBeVisible();
  await context.setOffline(false);
});

test('an open poll is one tap away on the stage and in the web app; a coded one shows only its title', async ({ page, request, isMobile }) => {
  const { slug, origin } = await navEvent(request, 'live');
  await signIn(page, origin, slug);
  const path = isMobile ? '/webapp' : '/stage';
  const response = await page.goto(`${origin}${path}`);
  // A coded poll's question and alternatives stay behind its code.
  const html = await response!.text();
  const roomCheck = demo.polls.find((poll) => poll.key === 'room-check')!;
  expect(html).not.toContain(roomCheck.question);
  expect(html).not.toContain(`${slug}-room-check`);

  const live = page.getByRole('region', { name: en.polls.liveNow });
  await expect(live.getByRole('link')).toHaveText([/Energy in 2035/, /One word/, /Nordic climate quiz/, /Expo treasure hunt/, /Rate the keynote/]);
  await expect(live.getByRole('button')).toHaveText([/Room check/, /Speed quiz/]);
  await expect(page.locator('astro-island[ssr]:has(.live-now)')).toHaveCount(0, { timeout: 15_000 });
  await islandsHydrated(page.locator('.stage-header'));
  await live.getByRole('link', { name: /Energy in 2035/ }).click();
  const dialog = page.getByRole('dialog', { name: en.polls.kind.poll, exact: true });
  await expect(dialog.getByRole('heading', { name: 'Energy in 2035' })).toBeVisible();
  await expect(page).toHaveURL(`${origin}${path}`);
  await page.keyboard.press('Escape');

  await live.getByRole('button', { name: /Room check/ }).click();
  await expect(page.getByRole('dialog', { name: en.polls.codeTitle }).getByLabel(en.polls.codeLabel)).toBeVisible();
});

test('at 390 px the Live now row fades where it is cut, and Tab brings every chip whole into view', { tag: '@phone-only' }, async ({ page, request }) => {
  const { slug, origin } = await navEvent(request, 'live-fade');
  await signIn(page, origin, slug);
  await page.goto(`${origin}/webapp`);
  const row = page.getByRole('region', { name: en.polls.liveNow });
  const chips = row.locator('.live-now-item');
  await expect(chips).toHaveCount(7);
  const mask = () => row.evaluate((element) => getComputedStyle(element).maskImage);
  // At the start only the right edge fades: the row goes on there.
  expect(await row.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  expect(await mask()).toBe('linear-gradient(90deg, rgb(0, 0, 0) calc(100% - 40px), rgba(0, 0, 0, 0))');

  await expect(page.locator('astro-island[ssr]:has(.live-now)')).toHaveCount(0, { timeout: 15_000 });
  await chips.first().focus();
  for (let i = 1; i < 7; i += 1) {
    await page.keyboard.press('Tab');
    await expect(chips.nth(i)).toBeFocused();
    // Whole, and clear of the 40 px fade at an edge that has more to show (scroll-padding).
    const [chip, box] = [(await chips.nth(i).boundingBox())!, (await row.boundingBox())!];
    const atEnd = await row.evaluate((element) => element.scrollLeft + element.clientWidth >= element.scrollWidth - 1);
    expect(chip.x).toBeGreaterThanOrEqual(box.x + 40 - 0.5);
    expect(chip.x + chip.width).toBeLessThanOrEqual(box.x + box.width - (atEnd ? 0 : 40) + 0.5);
  }
  // At the end only the left edge fades.
  await expect.poll(mask).toBe('linear-gradient(90deg, rgba(0, 0, 0, 0), rgb(0, 0, 0) 40px)');
});

test('a poll page has the event header and a way back to where it was opened', { tag: '@phone-only' }, async ({ page, request }) => {
  const { slug, origin } = await navEvent(request, 'page');
  await signIn(page, origin, slug);
  await page.goto(`${origin}/polls/${slug}-energy-mix?from=webapp`);
  await expect(page.getByRole('heading', { level: 1, name: 'Energy in 2035' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Profile menu for/ })).toBeVisible();
  await page.getByRole('link', { name: en.sponsors.backHome }).click();
  await expect(page).toHaveURL(`${origin}/webapp`);
});
