import type { Page } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { attendeeOnStage, consoleEvent, openConsole, ORGANISER, pollRow, SPAM, unfold } from './console-helpers';
import { signIn } from './sign-in';
import { ATTENDEE, attemptSlug, importTestEvent, originOf, PLAYING } from './stage-helpers';

const C = en.console;
const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
const isPhone = () => test.info().project.name === 'phone';

/**
 * Every section link in sight (none past the edge), a 44 px target at least, and the last one
 * reached and followed from the keyboard; the links are still at the top of the screen once the
 * page has scrolled to that section.
 */
async function sectionLinksFit(page: Page, label: string): Promise<void> {
  const width = page.viewportSize()!.width;
  const links = page.getByRole('navigation', { name: label }).getByRole('link');
  await expect(links).toHaveCount(5);
  for (const link of await links.all()) {
    const box = (await link.boundingBox())!;
    expect(box.x, await link.innerText()).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, await link.innerText()).toBeLessThanOrEqual(width);
    expect(Math.min(box.width, box.height), await link.innerText()).toBeGreaterThanOrEqual(44);
  }
  const last = links.last();
  await last.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${(await last.getAttribute('href'))!}$`));
  await expect(page.locator(`${(await last.getAttribute('href'))!} h2`)).toBeInViewport();
  // The bar sits under the page's title until the page scrolls past it, then at the very top.
  const { scrolled, titleHeight } = await page.evaluate(() => ({ scrolled: window.scrollY, titleHeight: document.querySelector<HTMLElement>('.console-header')!.offsetHeight }));
  const bar = (await page.getByRole('navigation', { name: label }).boundingBox())!;
  expect(bar.y).toBeGreaterThanOrEqual(0);
  expect(bar.y).toBeLessThanOrEqual(Math.max(0, titleHeight - scrolled) + 1);
}

test.describe('organiser console', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an organiser sees live now, stage, polls, timeline, support and activity; others are sent to the login or refused', async ({ page, browser, request, consoleErrors }) => {
    // The refused page's own 403, as the browser logs every such answer.
    consoleErrors.allow(/status of 403 \(Forbidden\) \(http:[^)]*\/console\)/);
    const slug = attemptSlug(`console-${test.info().project.name}`);
    const origin = originOf(test.info(), slug);
    await importTestEvent(request, origin, slug);

    const response = await page.goto(`${origin}/console`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, origin, slug, ORGANISER);
    await page.goto(`${origin}/console`);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(C.title) })).toBeVisible();
    for (const name of [C.liveNow.title, C.stage.title, C.polls.title, C.timeline.title, C.support.title, C.activity.title]) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await sectionLinksFit(page, C.sectionsLabel);
    await expect(page.getByRole('link', { name: C.support.open })).toHaveAttribute('href', '/stage?tab=chat');
    await expectNoSeriousA11yViolations(page);

    const attendee = await browser.newContext();
    const other = await attendee.newPage();
    await signIn(other, origin, slug, ATTENDEE);
    const refused = await other.goto(`${origin}/console`);
    expect(refused?.status()).toBe(403);
    await expect(other.getByRole('heading', { level: 1, name: C.forbiddenTitle })).toBeVisible();
    await expectNoSeriousA11yViolations(other);
    await attendee.close();
  });

  test.describe('running the show', () => {
    test.use(PLAYING);

    test('opens a poll an attendee answers on the stage, closes it, switches the stream the attendee\'s player follows, removes a post the attendee sees go', async ({ page, browser, request }) => {
      const { slug, origin } = await consoleEvent(request, 'show');
      const attendee = await attendeeOnStage(browser, page, origin, slug);
      const timeline = attendee.locator('#panel-timeline');
      await expect(timeline.getByText(SPAM)).toBeVisible();
      await openConsole(page, origin, slug);

      // Open the poll and put it on the stage: the attendee's timeline shows it at once.
      const poll = pollRow(page, 'Energy in 2035');
      await unfold(poll);
      await poll.getByRole('button', { name: C.polls.openIt }).click();
      await expect(poll.getByText(C.polls.open, { exact: true })).toBeVisible();
      await poll.getByRole('button', { name: C.polls.promote }).click();
      await expect(poll.getByText(C.polls.onStage)).toBeVisible();
      // Activity names the poll, not its id.
      const latest = page.getByTestId('activity').locator('li').first();
      await expect(latest).toContainText(C.activity.actions.poll.promote);
      await expect(latest).toContainText('Energy in 2035');
      await expectNoSeriousA11yViolations(page);

      await timeline.getByRole('button', { name: 'Energy in 2035' }).click();
      const promoted = timeline.getByRole('region', { name: en.timeline.promotedPage });
      await promoted.getByRole('radio', { name: 'Offshore wind' }).check();
      await promoted.getByRole('button', { name: en.polls.send }).click();

      // The count moves on the console without a reload; then the organiser closes the poll.
      await expect(poll.getByTestId('poll-answers')).toHaveText(fill(C.polls.answers_one, { count: 1 }));
      await expect(page.locator('[data-live-poll]').getByTestId('live-answers')).toHaveText(fill(C.liveNow.answers_one, { count: 1 }));
      await poll.getByRole('button', { name: C.polls.close }).click();
      await expect(poll.getByText(C.polls.closed, { exact: true })).toBeVisible();
      await expect(page.getByText(C.liveNow.noOpenPolls)).toBeVisible();

      // A reset asks first; Escape leaves the answers, focus stays in the dialog.
      await poll.getByRole('button', { name: C.polls.reset }).click();
      const dialog = page.getByRole('dialog', { name: C.polls.resetTitle });
      await expect(dialog).toContainText(fill(C.polls.resetText_one, { title: 'Energy in 2035', count: 1 }));
      for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(poll.getByTestId('poll-answers')).toHaveText(fill(C.polls.answers_one, { count: 1 }));

      // A refused address is named next to its control; a session's stream reaches the attendee's player without a reload.
      await page.locator('#console-stage summary').click();
      await page.getByLabel(C.stage.streamUrl).fill('not an address');
      await page.getByRole('button', { name: C.stage.switch }).click();
      await expect(page.locator('#console-stage').getByRole('alert')).toHaveText(fill(C.errors.invalid, { field: C.errors.fields.url }));
      await expect(page.getByLabel(C.stage.streamUrl)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('#console-stage form').first().getByRole('alert')).toBeVisible();
      await page.getByLabel(C.stage.streamUrl).fill('');
      if (isPhone()) await attendee.getByRole('button', { name: en.stage.showStream }).click();
      await attendee.evaluate(() => { (window as unknown as { stayed: boolean }).stayed = true; });
      const breakout = attendee.waitForRequest(/\/media\/breakout\/index\.m3u8/);
      const workshop = page.getByTestId('stage-sources').locator('li').filter({ hasText: 'Workshop: Measure the carbon cost' });
      await workshop.getByRole('button', { name: C.stage.play }).click();
      await expect(workshop).toHaveAttribute('aria-current', 'true');
      await expect(page.getByTestId('live-stream')).toHaveText('Workshop: Measure the carbon cost of your cloud');
      await breakout;
      expect(await attendee.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

      // Removing another attendee's post: it goes from the watching attendee's timeline.
      const post = page.locator('#console-timeline li[data-timeline-id]').filter({ hasText: SPAM });
      await post.getByRole('button', { name: fill(C.timeline.removeOf, { author: 'Pat Poster' }) }).click();
      const removal = page.getByRole('dialog', { name: C.timeline.removeTitle });
      await expect(removal.locator('blockquote')).toHaveText(fill(C.timeline.quote, { author: 'Pat Poster', message: SPAM }));
      await removal.getByRole('button', { name: C.timeline.removeConfirm }).click();
      await expect(post).toHaveCount(0);
      await expect(timeline.getByText(SPAM)).toHaveCount(0);
      expect(await attendee.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      await expect(page.getByTestId('activity').locator('li').first()).toContainText(fill(C.activity.quoted, { message: SPAM }));
      await attendee.context().close();
    });
  });

  test('speaks Norwegian in an nb event', { tag: '@phone-only' }, async ({ page, request }) => {
    const N = nb.console;
    const { slug, origin } = await consoleEvent(request, 'nb', 'nb');
    await openConsole(page, origin, slug);
    for (const name of [N.liveNow.title, N.stage.title, N.polls.title, N.timeline.title, N.support.title, N.activity.title]) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await sectionLinksFit(page, N.sectionsLabel);
    const poll = pollRow(page, 'Energy in 2035');
    await unfold(poll);
    await poll.getByRole('button', { name: N.polls.openIt }).click();
    await expect(poll.getByText(N.polls.open, { exact: true })).toBeVisible();
    await expect(page.getByTestId('activity').locator('li').first()).toContainText(N.activity.actions.poll.open);
    await expectNoSeriousA11yViolations(page);
  });
});
