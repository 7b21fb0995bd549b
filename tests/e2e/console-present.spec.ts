import type { Browser, Page } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { signIn } from './sign-in';
import { islandsHydrated } from './sponsor-helpers';
import { attemptSlug, importTestEvent, originOf } from './stage-helpers';

const ORGANISER = { username: 'organiser@demo.test', password: 'demo-organiser-1' };

/** The organiser on the console, in a browser context of their own. */
async function organiserPage(browser: Browser, origin: string, slug: string): Promise<Page> {
  const context = await browser.newContext();
  await signIn(context, origin, slug, ORGANISER);
  const page = await context.newPage();
  await page.goto(`${origin}/console`);
  return page;
}

/** A console call from the organiser's page (same origin, so the cookie's write is proven). */
async function consoleCall<T>(page: Page, path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(async ({ path, body }) => {
    const response = await fetch(path, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, json: await response.json() as unknown };
  }, { path, body });
  expect(answer.status, `${path}: ${JSON.stringify(answer.json)}`).toBe(200);
  return answer.json as T;
}

/** Marks the window: a reload would lose the mark. */
const markWindow = (page: Page) => page.evaluate(() => { (window as unknown as { mark?: boolean }).mark = true; });
const isSameWindow = (page: Page) => page.evaluate(() => (window as unknown as { mark?: boolean }).mark === true);

test.describe('the attendee side of the console', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the stream area shows the holding picture until the first frame plays, and follows the organiser\'s picture and stream without a reload', async ({ page, browser, request }) => {
    const slug = attemptSlug(`holding-${test.info().project.name}`);
    const origin = originOf(test.info(), slug);
    // Without the demo's own holding picture, so the live background image stands in for it.
    await importTestEvent(request, origin, slug, (file) => { delete file['holdingImageUrl']; });
    const playlists: string[] = [];
    page.on('request', (r) => { if (r.url().endsWith('.m3u8')) playlists.push(new URL(r.url()).pathname); });
    await signIn(page, origin, slug);
    await page.goto(`${origin}/stage`);
    if (test.info().project.name === 'phone') await page.getByRole('button', { name: en.stage.showStream }).click();
    await markWindow(page);

    // No picture set: the live background image, in the 16:9 box the stream will fill.
    const holding = page.getByTestId('holding-picture');
    await expect(holding).toHaveAttribute('src', '/demo/stage-background.svg');
    await expect(holding).toBeVisible();
    const box = await page.locator('.stream-media').boundingBox();
    expect(Math.abs((box?.width ?? 0) / (box?.height ?? 1) - 16 / 9)).toBeLessThan(0.02);

    const organiser = await organiserPage(browser, origin, slug);
    await consoleCall(organiser, '/api/console/stage/holding-image', { holdingImageUrl: '/demo/lobby-banner.svg' });
    await expect(holding).toHaveAttribute('src', '/demo/lobby-banner.svg');

    await consoleCall(organiser, '/api/console/stage/stream', { url: '/media/breakout/index.m3u8' });
    await expect.poll(() => playlists.includes('/media/breakout/index.m3u8'), { message: 'the player loads the new stream' }).toBe(true);
    // A still player (reduced motion) keeps the picture until the viewer presses play.
    await expect(page.getByTestId('holding-picture')).toHaveAttribute('src', '/demo/lobby-banner.svg');
    await page.getByRole('button', { name: /^play$/i }).click();
    await expect(page.getByTestId('holding-picture')).toHaveCount(0, { timeout: 20_000 });
    expect(await isSameWindow(page)).toBe(true);
    await organiser.context().close();
  });

  test('"Live now" shows a poll the organiser opens and takes it away when they close it, without a reload', async ({ page, browser, request }) => {
    const slug = attemptSlug(`livenow-${test.info().project.name}`);
    const origin = originOf(test.info(), slug);
    await importTestEvent(request, origin, slug, (file) => {
      file['polls'] = [{
        key: 'energy', accessKey: `${slug}-energy`, title: 'Energy in 2035', question: 'Which source matters most?', type: 'multipleAnswers',
        open: false, publicResults: true, alternatives: [{ text: 'Wind' }, { text: 'Water' }],
      }];
    });
    await signIn(page, origin, slug);
    // The stage on a wide screen, the web app on a phone: "Live now" is on both.
    await page.goto(`${origin}/${test.info().project.name === 'phone' ? 'webapp' : 'stage'}`);
    await markWindow(page);
    const liveNow = page.getByRole('heading', { name: en.polls.liveNow });
    await expect(page.locator('astro-island[component-url*="LiveNow"]:not([ssr])')).toHaveCount(1);
    await expect(liveNow).toHaveCount(0);

    const organiser = await organiserPage(browser, origin, slug);
    const polls = await consoleCall<{ id: number; title: string }[]>(organiser, '/api/console/polls');
    const poll = polls.find((p) => p.title === 'Energy in 2035')!;
    await consoleCall(organiser, `/api/console/polls/${poll.id}/open`, {});

    await expect(liveNow).toBeVisible();
    const link = page.getByRole('link', { name: /Energy in 2035/ });
    await expect(link).toHaveAttribute('href', new RegExp(`/polls/${slug}-energy\\?from=`));
    await link.click();
    await expect(page.getByRole('dialog').getByText('Which source matters most?')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: en.polls.close }).click();

    await consoleCall(organiser, `/api/console/polls/${poll.id}/close`, {});
    await expect(liveNow).toHaveCount(0);
    expect(await isSameWindow(page)).toBe(true);
    await organiser.context().close();
  });

  test('the projector shows a quiz\'s leaderboard to the event\'s organisers, updates it as attendees answer, and refuses attendees', async ({ page, browser, request, consoleErrors }) => {
    // The attendee's refused page is a 403: on purpose.
    consoleErrors.allow(/status of 403 .*\/console\/present\//);
    const slug = attemptSlug(`present-${test.info().project.name}`);
    const origin = originOf(test.info(), slug);
    await importTestEvent(request, origin, slug, (file) => {
      file['polls'] = [{
        key: 'quiz', accessKey: `${slug}-quiz`, title: 'Nordic quiz', question: 'How well do you know the North?', type: 'quiz', publicResults: true,
        items: [{ key: 'quiz-1', title: 'Ferries', question: 'How many?', type: 'multipleAnswers', alternatives: [{ text: '80', correct: true }, { text: '10' }] }],
      }];
    });
    const organiser = await organiserPage(browser, origin, slug);
    const polls = await consoleCall<{ id: number; title: string }[]>(organiser, '/api/console/polls');
    const quiz = polls.find((p) => p.title === 'Nordic quiz')!;
    await organiser.goto(`${origin}/console/present/${quiz.id}`);
    await expect(organiser.getByRole('heading', { level: 1, name: 'Nordic quiz' })).toBeVisible();
    await expect(organiser.getByText(en.present.noAnswers)).toBeVisible();
    await expectNoSeriousA11yViolations(organiser);
    await markWindow(organiser);

    // An attendee answers: the board follows without a reload.
    await signIn(page, origin, slug);
    await page.goto(`${origin}/polls/${slug}-quiz`);
    // A choice made before the poll's island hydrates stays ticked in the page but not in the island's state.
    await islandsHydrated(page);
    await page.getByRole('radio', { name: '80' }).check();
    await page.getByRole('button', { name: en.polls.submit }).click();
    await expect(page.getByRole('status')).toHaveText(en.polls.thankYouQuiz);
    const board = organiser.getByRole('list', { name: en.present.leaderboard });
    await expect(board.getByRole('listitem')).toHaveCount(1);
    await expect(board).toContainText(en.present.correct.replace('{{correct}}', '1').replace('{{total}}', '1'));
    expect(await isSameWindow(organiser)).toBe(true);

    // The projector leads back to the console it was opened from.
    await organiser.getByRole('link', { name: en.present.back }).click();
    await expect(organiser).toHaveURL(`${origin}/console`);
    await organiser.context().close();

    const refused = await page.goto(`${origin}/console/present/${quiz.id}`);
    expect(refused?.status()).toBe(403);
  });
});

