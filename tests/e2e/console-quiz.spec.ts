import type { Browser, Page } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { signIn } from './sign-in';
import { pollRow, unfold } from './console-helpers';
import { fill, makeFjordsQuiz } from './poll-editor-helpers';
import { islandsHydrated } from './sponsor-helpers';
import { ATTENDEE, attemptSlug, importTestEvent, originOf } from './stage-helpers';

const ORGANISER = { username: 'organiser@demo.test', password: 'demo-organiser-1' };
const isPhone = () => test.info().project.name === 'phone';

/** The attendee's own browser, on the screen where "Live now" shows at this width: the stage, or the web app on a phone. */
async function attendeeOnLive(browser: Browser, origin: string, slug: string): Promise<Page> {
  const context = await browser.newContext({ viewport: isPhone() ? { width: 390, height: 844 } : { width: 1280, height: 800 }, isMobile: isPhone() });
  await signIn(context, origin, slug, ATTENDEE);
  const page = await context.newPage();
  await page.goto(`${origin}/${isPhone() ? 'webapp' : 'stage'}`);
  await expect(page.locator('astro-island[component-url*="LiveNow"]:not([ssr])')).toHaveCount(1);
  return page;
}

// The whole flow at both widths in English; in Norwegian on a phone (docs/testing.md: a second run at the width where it matters).
for (const [language, L] of [['en', en], ['nb', nb]] as const) {
  test.describe(`a quiz made during the show (${language})`, () => {
    test.describe.configure({ timeout: 180_000 });

    test(`the organiser makes a quiz while the show runs, opens it, an attendee answers and the projector shows the leaderboard (${language})`,
      { tag: language === 'nb' ? '@phone-only' : [] }, async ({ page, browser, request }) => {
        const slug = attemptSlug(`console-quiz-${test.info().project.name}-${language}`);
        const origin = originOf(test.info(), slug);
        await importTestEvent(request, origin, slug, (file) => { file['language'] = language; file['polls'] = []; });
        // The show is on: an attendee already follows the stage.
        const attendee = await attendeeOnLive(browser, origin, slug);

        await signIn(page, origin, slug, ORGANISER);
        await page.goto(`${origin}/console/polls`);
        await islandsHydrated(page.locator('#main'));
        await makeFjordsQuiz(page, language);
        await expectNoSeriousA11yViolations(page);

        // Opened from the live console's Polls panel.
        await page.getByRole('navigation', { name: L.console.areas.label }).getByRole('link', { name: L.console.areas.live }).click();
        await expect(page).toHaveURL(`${origin}/console`);
        await islandsHydrated(page.locator('#main'));
        const live = pollRow(page, 'Fjords');
        await unfold(live);
        await live.getByRole('button', { name: L.console.polls.openIt }).click();
        await expect(live.getByText(L.console.polls.open, { exact: true })).toBeVisible();

        // The attendee finds it in "Live now" without a reload and answers it right.
        const link = attendee.getByRole('link', { name: /Fjords/ });
        await expect(link).toBeVisible();
        await link.click();
        const dialog = attendee.getByRole('dialog');
        await islandsHydrated(dialog);
        await dialog.getByRole('radio', { name: 'Sognefjorden' }).check();
        await dialog.getByRole('button', { name: L.polls.submit }).click();
        await expect(dialog.getByRole('status')).toHaveText(L.polls.thankYouQuiz);

        // The projector: the quiz's leaderboard with the attendee's one correct answer.
        await live.getByRole('link', { name: L.console.polls.present }).click();
        await expect(page).toHaveURL(new RegExp(`/console/present/\\d+$`));
        await expect(page.getByRole('heading', { level: 1, name: 'Fjords' })).toBeVisible();
        const board = page.getByRole('list', { name: L.present.leaderboard });
        await expect(board.getByRole('listitem')).toHaveCount(1);
        await expect(board).toContainText(fill(L.present.correct, { correct: 1, total: 1 }));
        await expect(page.getByText(fill(L.present.participants_one, { count: 1 }))).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        await attendee.context().close();
      });
  });
}
