import type { Locator } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { consoleEvent, openConsole, pollRow } from './console-helpers';
import { expect, test } from './fixtures';

const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
const isPhone = () => test.info().project.name === 'phone';

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
});
