import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { signIn } from './sign-in';
import { islandsHydrated } from './sponsor-helpers';
import { originOf, pauseVideos } from './stage-helpers';

/*
 * The axe scans of the attendee's pages, once per page (and per tab of the stage and the web app)
 * at both widths, as the demo attendee with the worker's kept session. A flow scans only a state
 * it makes that no page here shows: an open dialog, a notice, an error (docs/testing.md "axe").
 */

const PAGES: { name: string; path: string; tab?: string }[] = [
  { name: 'the stage', path: '/stage' },
  ...['agenda', 'speakers', 'documents', 'participants', 'chat'].map((tab) => ({ name: `the stage's ${tab} tab`, path: `/stage?tab=${tab}`, tab })),
  { name: 'the web app\'s programme', path: '/webapp?tab=agenda', tab: 'agenda' },
];

test.describe('accessibility of the attendee pages', () => {
  // A scan of the stage (every tab is in the page) takes 3–4× its quiet time while both workers run.
  test.describe.configure({ timeout: 90_000 });

  for (const { name, path, tab } of PAGES) {
    test(`${name} has no serious axe violations`, async ({ page }) => {
      await signIn(page, originOf(test.info()), 'demo');
      await page.goto(path);
      const panel = page.locator(tab ? `#panel-${tab}` : '[role="tabpanel"]:not([hidden])');
      await expect(panel).toBeVisible();
      await expect(panel.locator('[aria-busy="true"]')).toHaveCount(0);
      await islandsHydrated(panel);
      await pauseVideos(page);
      await expectNoSeriousA11yViolations(page);
    });
  }
});
