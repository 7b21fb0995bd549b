import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };
import { settled } from './layout-shift';
import { waitForHydration } from './login-helpers';
import { waitForServiceWorker } from './pwa-helpers';
import { islandsHydrated, sponsorIdByName } from './sponsor-helpers';
import { signIn } from './sign-in';
import { chooseTabById, importTestEvent, originOf } from './stage-helpers';

/*
 * The screenshot tour: every attendee screen (and the organiser's results and check-in pages) in
 * English and Norwegian, at the width of the project that runs it, saved as PNG files to look at
 * one by one. Not part of the suite: it runs only as the `screens-*` projects, which exist when
 * SCREENS_DIR names the folder for the pictures (docs/testing.md "Screenshot tour"):
 *   SCREENS_DIR=/tmp/screens E2E_PORT=4455 npx playwright test --workers 1
 * The run fails, like any e2e test, on a console error or an uncaught exception.
 */
const OUT = process.env['SCREENS_DIR'] ?? '/tmp/screens';
const RESULTS_PASSWORD = 'demo-results';
const LOCALES = { en, nb } as const;
type Texts = typeof en;

/** The demo in the locale, its polls keyed by the slug (access keys are unique across events). */
async function tourEvent(request: Parameters<typeof importTestEvent>[0], locale: keyof typeof LOCALES): Promise<{ slug: string; origin: string; pollKeys: string[] }> {
  // Coded polls open by their code (the stage's "Enter poll code"), not at /polls/{key}.
  const slug = `screens-${locale}-${test.info().project.name}`;
  const origin = originOf(test.info(), slug);
  const demo = (await import('../../events/demo.event.json', { with: { type: 'json' } })).default as unknown as Record<string, unknown>;
  const polls = structuredClone(demo['polls']) as Record<string, unknown>[];
  for (const poll of polls) {
    poll['accessKey'] = `${slug}-${String(poll['key'])}`;
    for (const item of (poll['items'] ?? []) as Record<string, unknown>[]) delete item['accessKey'];
  }
  await importTestEvent(request, origin, slug, (file) => {
    file['language'] = locale;
    file['polls'] = polls;
    file['resultsPassword'] = RESULTS_PASSWORD;
  });
  return { slug, origin, pollKeys: polls.filter((poll) => !poll['code']).map((poll) => String(poll['accessKey'])) };
}

/** Saves numbered pictures as `<width>-<locale>/<group><nn>-<name>.png`, in the order they were taken. */
function shooter(page: Page, locale: string, group: string) {
  const dir = join(OUT, `${test.info().project.name.replace('screens-', '')}-${locale}`);
  mkdirSync(dir, { recursive: true });
  let count = 0;
  return async (name: string, { full = false } = {}): Promise<void> => {
    count += 1;
    if (full) {
      // Lazy pictures load only near the screen: pass over the page once, a drawn frame at each
      // screenful (the browser decides which pictures are near then), and wait until all came.
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
          scrollTo(0, y);
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        }
        scrollTo(0, 0);
      });
      await page.waitForFunction(() => [...document.images].every((image) => image.complete), undefined, { timeout: 30_000 });
    }
    // Fonts, late islands and the pictures in view settle before the picture.
    await settled(page);
    await page.screenshot({ path: join(dir, `${group}${String(count).padStart(2, '0')}-${name}.png`), fullPage: full, animations: 'disabled' });
  };
}

/** Clicks through every tab of a stage or web app page, one picture each. */
async function eachTab(page: Page, shot: (name: string) => Promise<void>, prefix: string): Promise<void> {
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  const count = await tabs.count();
  for (let i = 0; i < count; i += 1) {
    const tab = tabs.nth(i);
    const id = await tab.getAttribute('data-tab');
    await tab.click();
    const panel = page.locator(`#panel-${id}`);
    await expect(panel).toBeVisible();
    await expect(panel.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
    await islandsHydrated(panel);
    await shot(`${prefix}-${id}`);
  }
}

for (const locale of ['en', 'nb'] as const) {
  const T: Texts = LOCALES[locale];

  test.describe(`screens in ${locale}`, () => {
    test.describe.configure({ timeout: 300_000 });

    test('signed out: login and register', async ({ page, request }) => {
      const { origin } = await tourEvent(request, locale);
      const shot = shooter(page, locale, 'a');
      await page.goto(`${origin}/login`);
      await waitForHydration(page);
      await shot('login', { full: true });
      await page.goto(`${origin}/register`);
      await islandsHydrated(page);
      await shot('register', { full: true });
    });

    test('lobby, menus, profile, ticket, sponsor, polls', async ({ page, request, isMobile }) => {
      const { slug, origin, pollKeys } = await tourEvent(request, locale);
      const shot = shooter(page, locale, 'b');
      await signIn(page, origin, slug);
      await page.goto(`${origin}/`);
      await waitForHydration(page);
      await shot('lobby', { full: true });
      await shot('lobby-top');
      const more = page.getByRole('button', { name: isMobile ? T.navbar.menu : T.navbar.more, exact: true });
      if (await more.isVisible()) {
        await more.click();
        await shot('lobby-section-menu');
        await page.keyboard.press('Escape');
      }
      await page.getByRole('button', { name: new RegExp(`^${T.navbar.profileMenu}`) }).click();
      await shot('avatar-menu');
      for (const section of ['open', 'ticket', 'groups'] as const) {
        const label = T.profile[section];
        await page.locator('#profile-menu').getByRole('button', { name: label, exact: true }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await islandsHydrated(page);
        await shot(`profile-${section}`);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await page.getByRole('button', { name: new RegExp(`^${T.navbar.profileMenu}`) }).click();
      }
      await page.keyboard.press('Escape');

      const id = await sponsorIdByName(page, origin, slug, 'Polar Grid');
      await page.goto(`${origin}/sponsor/${id}`);
      await islandsHydrated(page);
      await shot('sponsor', { full: true });

      for (const key of pollKeys) {
        await page.goto(`${origin}/polls/${key}`);
        await islandsHydrated(page);
        await shot(`poll-${key.slice(slug.length + 1)}`, { full: true });
      }
    });

    test('stage with each tab, iframes', async ({ page, request }) => {
      const { slug, origin } = await tourEvent(request, locale);
      const shot = shooter(page, locale, 'c');
      await signIn(page, origin, slug);
      await page.goto(`${origin}/stage`);
      await waitForHydration(page);
      await eachTab(page, shot, 'stage');
      await page.getByRole('button', { name: T.polls.openCoded }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot('stage-poll-code');
      await page.keyboard.press('Escape');
      await page.goto(`${origin}/agendaIframe`);
      await islandsHydrated(page);
      await shot('agenda-iframe', { full: true });
      await page.goto(`${origin}/speakersIframe`);
      await islandsHydrated(page);
      await shot('speakers-iframe', { full: true });
    });

    test('web app with each tab, then offline', async ({ page, context, request, consoleErrors }) => {
      // The network is cut on purpose at the end: the socket and the calls fail while it is.
      consoleErrors.allow(/net::ERR_INTERNET_DISCONNECTED/);
      const { slug, origin } = await tourEvent(request, locale);
      const shot = shooter(page, locale, 'd');
      await signIn(page, origin, slug);
      // The login page registers the worker before the web app's first visit.
      await page.goto(`${origin}/login`);
      await waitForServiceWorker(page);
      await page.goto(`${origin}/webapp`);
      await waitForHydration(page);
      await eachTab(page, shot, 'webapp');
      await page.reload();
      await waitForHydration(page);
      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole('status').filter({ hasText: T.offline.title })).toBeAttached();
      await shot('webapp-offline');
      await chooseTabById(page, 'profile');
      await shot('webapp-offline-profile');
      await context.setOffline(false);
    });

    test('results and check-in (organiser)', async ({ page, request }) => {
      const { origin, pollKeys } = await tourEvent(request, locale);
      const shot = shooter(page, locale, 'e');
      await page.goto(`${origin}/pollResults/${pollKeys[0]}`);
      await islandsHydrated(page);
      await shot('results-login');
      await page.getByLabel(T.pollResults.password).fill(RESULTS_PASSWORD);
      await page.getByRole('button', { name: T.pollResults.login }).click();
      await expect(page).toHaveURL(/\/pollResults\//);
      await islandsHydrated(page);
      await shot('results', { full: true });
      await page.goto(`${origin}/participantsCheckIn`);
      await islandsHydrated(page);
      await page.getByLabel(T.pollResults.password).fill(RESULTS_PASSWORD);
      await page.getByRole('button', { name: T.pollResults.login }).click();
      await expect(page).toHaveURL(/\/participantsCheckIn$/);
      await islandsHydrated(page);
      await shot('check-in', { full: true });
    });
  });
}
