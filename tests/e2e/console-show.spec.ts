import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import type { Browser, Locator, Page } from '@playwright/test';
import { attendeeOnStage, consoleEvent, openConsole, pollRow } from './console-helpers';
import { expect, test } from './fixtures';
import { signIn } from './sign-in';
import { islandsHydrated } from './sponsor-helpers';
import { ATTENDEE, PLAYING } from './stage-helpers';

const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
const isPhone = () => test.info().project.name === 'phone';

/** An attendee on the stage at a width of their own (a phone, or a laptop), the stream in view, marked to tell a reload. */
async function watcher(browser: Browser, origin: string, slug: string, phone: boolean): Promise<Page> {
  const context = await browser.newContext(phone
    ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: 'no-preference' }
    : { viewport: { width: 1280, height: 800 }, reducedMotion: 'no-preference' });
  const page = await context.newPage();
  await signIn(page, origin, slug, ATTENDEE);
  await page.goto(`${origin}/stage`);
  await islandsHydrated(page.locator('#panel-timeline'));
  if (phone) await page.getByRole('button', { name: en.stage.showStream }).click();
  await page.evaluate(() => { (window as unknown as { stayed: boolean }).stayed = true; });
  return page;
}

const stayed = (page: Page) => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);

/** The live show from the console as the people in it see it (docs/console.md "The page"). */
test.describe('the show from the console', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const [language, L] of [['en', en], ['nb', nb]] as const) {
    test(`the Polls panel is a row per poll grouped open and closed with a filter; a Live-now row jumps to its poll; closing is never the first button (${language})`, async ({ page, request }) => {
      const C = L.console.polls;
      const { slug, origin } = await consoleEvent(request, `rows-${language}`, language);
      await openConsole(page, origin, slug);
      const panel = page.locator('#console-polls');
      const rows = panel.locator('[data-poll-id]');
      const count = await rows.count();
      expect(count).toBeGreaterThan(5);
      // Folded: a row is its title and state, no controls; ten polls fit in a short panel.
      await expect(panel.getByRole('button', { name: C.close })).toHaveCount(0);
      await expect(panel.getByRole('heading', { name: fill(C.closedGroup, { count }) })).toBeVisible();
      for (const row of await rows.all()) expect((await row.boundingBox())!.height).toBeLessThan(isPhone() ? 130 : 90);

      // Open a poll and put it on the stage: three taps, no scrolling past other polls.
      let taps = 0;
      const tap = async (target: Locator) => { taps += 1; await target.click(); };
      const poll = pollRow(page, 'Energy in 2035');
      await tap(poll.locator('summary'));
      await expect(poll.getByRole('button').first()).toHaveText(C.openIt);
      await tap(poll.getByRole('button', { name: C.openIt }));
      await expect(poll.getByRole('button').first()).toHaveText(C.promote);
      await tap(poll.getByRole('button', { name: C.promote }));
      await expect(poll.getByText(C.onStage)).toBeVisible();
      expect(taps).toBeLessThanOrEqual(3);
      // Open, the ending action is after the others, the deleting one last.
      const labels = await poll.locator('.console-actions button').allInnerTexts();
      expect(labels.indexOf(C.close)).toBeGreaterThan(0);
      expect(labels.at(-1)).toBe(C.reset);
      await expect(panel.getByRole('heading', { name: fill(C.openGroup, { count: 1 }) })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // The filter narrows the rows; one that matches nothing says so.
      const filter = panel.getByLabel(C.filter);
      await filter.fill('energy');
      await expect(rows).toHaveCount(1);
      await filter.fill('zzz');
      await expect(panel.getByRole('status')).toHaveText(fill(C.noMatch, { filter: 'zzz' }));
      // A Live-now row jumps to its poll, whatever the filter, unfolded and in sight.
      await page.locator('[data-live-poll]').getByRole('link', { name: 'Energy in 2035' }).click();
      await expect(filter).toHaveValue('');
      await expect(poll.locator('details')).toHaveAttribute('open', '');
      await expect(poll.locator('summary')).toBeInViewport();
      await expect(poll.locator('summary')).toBeFocused();
      await page.screenshot({ path: test.info().outputPath(`polls-${language}.png`), fullPage: true });
    });
  }

  test.describe('the stage', () => {
    test.use(PLAYING);

    for (const [language, L] of [['en', en], ['nb', nb]] as const) {
      test(`the stage is a list of sources: one tap puts a session on, one returns; attendees read its title; the holding picture covers their player and goes (${language})`, async ({ page, browser, request }) => {
        const S = L.console.stage;
        const { slug, origin } = await consoleEvent(request, `stage-${language}`, language);
        const attendee = await attendeeOnStage(browser, page, origin, slug);
        if (isPhone()) await attendee.getByRole('button', { name: L.stage.showStream }).click();
        await attendee.evaluate(() => { (window as unknown as { stayed: boolean }).stayed = true; });
        const title = attendee.locator('.stream-title');
        const mainTitle = fill(L.stream.nowPlaying, { title: L.captions.mainstage });
        await expect(title).toHaveText(mainTitle);
        await openConsole(page, origin, slug);

        const sources = page.getByTestId('stage-sources');
        const main = sources.locator('li[data-source="main"]');
        await expect(main).toHaveAttribute('aria-current', 'true');
        await expect(main).toContainText(S.onAir);
        const workshop = sources.locator('li').filter({ hasText: 'Workshop: Measure the carbon cost' });
        await workshop.getByRole('button', { name: S.play }).click();
        await expect(workshop).toHaveAttribute('aria-current', 'true');
        await expect(title).toHaveText(fill(L.stream.nowPlaying, { title: 'Workshop: Measure the carbon cost of your cloud' }));
        await expectNoSeriousA11yViolations(page);
        await page.locator('#console-stage').screenshot({ path: test.info().outputPath(`stage-${language}.png`) });

        // The console remembers what is on air.
        await page.reload();
        await expect(page.getByTestId('stage-sources').locator('li').filter({ hasText: 'Workshop: Measure the carbon cost' })).toHaveAttribute('aria-current', 'true');
        await main.getByRole('button', { name: S.backToMain }).click();
        await expect(main).toHaveAttribute('aria-current', 'true');
        await expect(title).toHaveText(mainTitle);

        // The break: the holding picture over the attendee's player, then the stream again.
        await page.getByRole('button', { name: S.showHolding }).click();
        await expect(page.getByTestId('stage-break')).toHaveText(S.breakOn);
        const cover = attendee.getByTestId('stream-break');
        await expect(cover).toBeVisible();
        await expect(cover).toContainText(L.stream.onBreak);
        await expectNoSeriousA11yViolations(attendee);
        await attendee.locator('#stage-stream').screenshot({ path: test.info().outputPath(`break-${language}.png`) });
        await page.getByRole('button', { name: S.backToStream }).click();
        await expect(cover).toHaveCount(0);
        expect(await attendee.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
        await attendee.context().close();
      });
    }
  });

  test.describe('the tour', () => {
    test.use(PLAYING);

    test('the organiser on a phone opens a poll, puts it on the stage, shows its results, switches to a session\'s stream, shows the holding picture and returns; two attendees see each change without a reload', { tag: '@phone-only' }, async ({ page, browser, request }) => {
      const C = en.console;
      const { slug, origin } = await consoleEvent(request, 'tour');
      const attendees = [await watcher(browser, origin, slug, true), await watcher(browser, origin, slug, false)];
      await openConsole(page, origin, slug);
      let taps = 0;
      const tap = async (target: Locator) => { taps += 1; await target.click(); };

      // Open a poll and put it on the stage: at most three taps, no scrolling past other polls.
      const poll = pollRow(page, 'Energy in 2035');
      await tap(poll.locator('summary'));
      await tap(poll.getByRole('button', { name: C.polls.openIt }));
      await tap(poll.getByRole('button', { name: C.polls.promote }));
      expect(taps).toBeLessThanOrEqual(3);
      await expect(poll.getByText(C.polls.onStage)).toBeVisible();
      // Each attendee gets the notice, the question one tap away.
      for (const attendee of attendees) {
        const notice = attendee.getByTestId('staged-poll');
        await expect(notice).toContainText(fill(en.polls.onStageNow, { title: 'Energy in 2035' }));
        await expectNoSeriousA11yViolations(attendee);
      }
      await attendees[0]!.screenshot({ path: test.info().outputPath('tour-notice-phone.png') });
      await attendees[1]!.screenshot({ path: test.info().outputPath('tour-notice-desktop.png') });
      await attendees[1]!.getByTestId('staged-poll').getByRole('button', { name: en.polls.answerNow }).click();
      const dialog = attendees[1]!.getByRole('dialog');
      await expect(dialog.getByRole('radio', { name: 'Offshore wind' })).toBeVisible();
      await attendees[1]!.keyboard.press('Escape');
      await attendees[0]!.getByTestId('staged-poll').getByRole('button', { name: en.polls.dismissNotice }).click();
      await expect(attendees[0]!.getByTestId('staged-poll')).toHaveCount(0);

      // Its results: shown to attendees.
      const show = poll.getByRole('button', { name: C.polls.showResults });
      if (await show.count() === 0) await poll.getByRole('button', { name: C.polls.hideResults }).click();
      await show.click();
      await expect(poll.getByText(C.polls.resultsShown)).toBeVisible();

      // Switch to a session's stream and back: one tap each.
      const sources = page.getByTestId('stage-sources');
      taps = 0;
      await tap(sources.locator('li').filter({ hasText: 'Workshop: Measure the carbon cost' }).getByRole('button', { name: C.stage.play }));
      for (const attendee of attendees) await expect(attendee.locator('.stream-title')).toHaveText(fill(en.stream.nowPlaying, { title: 'Workshop: Measure the carbon cost of your cloud' }));
      expect(taps).toBe(1);
      taps = 0;
      await tap(sources.locator('li[data-source="main"]').getByRole('button', { name: C.stage.backToMain }));
      for (const attendee of attendees) await expect(attendee.locator('.stream-title')).toHaveText(fill(en.stream.nowPlaying, { title: en.captions.mainstage }));
      expect(taps).toBe(1);

      // The holding picture and back to the stream.
      await page.getByRole('button', { name: C.stage.showHolding }).click();
      for (const attendee of attendees) await expect(attendee.getByTestId('stream-break')).toBeVisible();
      await page.getByRole('button', { name: C.stage.backToStream }).click();
      for (const attendee of attendees) await expect(attendee.getByTestId('stream-break')).toHaveCount(0);
      for (const attendee of attendees) expect(await stayed(attendee)).toBe(true);
      await expectNoSeriousA11yViolations(page);
      for (const attendee of attendees) await attendee.context().close();
    });
  });
});
