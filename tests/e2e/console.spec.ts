import { expect, test, type Page } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { ATTENDEE, attemptSlug, importTestEvent, originOf } from './stage-helpers';

const ORGANISER = { username: 'organiser@demo.test', password: 'demo-organiser-1' };
const C = en.console;

/** Signs in through POST /connect/token from the page, so the browser keeps the session cookie. */
async function signIn(page: Page, origin: string, slug: string, account: { username: string; password: string }): Promise<void> {
  await page.goto(`${origin}/login`);
  const status = await page.evaluate(async (form) => (await fetch('/connect/token', { method: 'POST', body: new URLSearchParams(form) })).status,
    { grant_type: 'password', eventId: slug, ...account });
  expect(status).toBe(200);
}

test.describe('organiser console', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an organiser sees live now, stage, polls, timeline, support and activity; others are sent to the login or refused', async ({ page, browser, request }) => {
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
});
