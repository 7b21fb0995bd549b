import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import ExcelJS from 'exceljs';
import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { islandsHydrated } from './sponsor-helpers';
import { attemptSlug, gotoLive, importTestEvent, originOf } from './stage-helpers';

const RESULTS_PASSWORD = 'demo-results';
const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));

/** A fresh event with the demo's polls under their own access keys, one voter, in the given language. */
async function resultsEvent(request: Parameters<typeof importTestEvent>[0], name: string, language: 'en' | 'nb'): Promise<{ slug: string; origin: string }> {
  const slug = attemptSlug(`results-${test.info().project.name}-${name}`);
  const origin = originOf(test.info(), slug);
  const demo = (await import('../../events/demo.event.json', { with: { type: 'json' } })).default as unknown as Record<string, unknown>;
  await importTestEvent(request, origin, slug, (file) => {
    const polls = structuredClone(demo['polls']) as Record<string, unknown>[];
    for (const poll of polls) {
      poll['accessKey'] = `${slug}-${String(poll['key'])}`;
      for (const item of (poll['items'] ?? []) as Record<string, unknown>[]) delete item['accessKey'];
    }
    file['polls'] = polls;
    file['language'] = language;
    file['resultsPassword'] = RESULTS_PASSWORD;
    const users = file['users'] as Record<string, unknown>[];
    const attendee = users.find((u) => u['email'] === 'attendee@demo.test')!;
    users.push({ ...attendee, email: 'voter@results.test', password: 'results-voter-1', ticketCode: `${slug}-voter`, firstName: 'Vera', lastName: 'Voter' });
  });
  return { slug, origin };
}

/** An attendee in a browser context of their own, signed in. */
async function voter(browser: Browser, page: Page, origin: string, slug: string): Promise<Page> {
  const context = await browser.newContext({ viewport: page.viewportSize() ?? { width: 1280, height: 800 } });
  const other = await context.newPage();
  await other.goto(`${origin}/login`);
  const status = await other.evaluate(async (form) => (await fetch('/connect/token', { method: 'POST', body: new URLSearchParams(form) })).status,
    { grant_type: 'password', eventId: slug, username: 'voter@results.test', password: 'results-voter-1' });
  expect(status).toBe(200);
  return other;
}

/** The organiser opens a results page, is sent to its login, and logs in with the password. */
async function resultsLogin(page: Page, origin: string, path: string, texts: typeof en.pollResults): Promise<void> {
  await page.goto(`${origin}${path}`);
  await expect(page).toHaveURL(/\/login-poll-results/);
  await islandsHydrated(page);
  await page.getByLabel(texts.password).fill('not-the-password');
  await page.getByRole('button', { name: texts.login }).click();
  await expect(page.getByRole('alert')).toHaveText(texts.passwordWrong);
  await page.getByLabel(texts.password).fill(RESULTS_PASSWORD);
  await page.getByRole('button', { name: texts.login }).click();
  await expect(page).toHaveURL(new RegExp(path.replace(/[/]/g, '\\/') + '$'));
  await islandsHydrated(page);
}

test.describe('poll results screens', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the bar chart moves while an attendee votes elsewhere, and cycles pie and scatter (en)', async ({ page, browser, request }) => {
    const R = en.pollResults;
    const { slug, origin } = await resultsEvent(request, 'chart', 'en');
    await resultsLogin(page, origin, `/pollResults/${slug}-energy-mix`, R);
    await expect(page.getByRole('heading', { level: 1, name: 'Energy in 2035' })).toBeVisible();
    const chart = page.locator('figure.results-chart');
    await expect(chart).toHaveAttribute('data-kind', 'bar');
    await expect(chart).toHaveAttribute('data-total', '0');
    await expect(chart.locator('.results-chart-canvas svg')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const other = await voter(browser, page, origin, slug);
    await other.goto(`${origin}/polls/${slug}-energy-mix`);
    await islandsHydrated(other);
    await other.getByRole('radio', { name: 'Offshore wind' }).check();
    await other.getByRole('button', { name: en.polls.send }).click();
    await expect(other.getByRole('status')).toHaveText(en.polls.thankYou);

    // No reload: the realtime poll-change refetches and the drawn chart updates in place.
    await expect(chart).toHaveAttribute('data-total', '1');
    await expect(chart.getByRole('row', { name: /Offshore wind/ }).getByRole('cell')).toHaveText('1');
    await expect(page.getByRole('cell', { name: 'voter@results.test' })).toBeVisible();

    await page.getByRole('button', { name: fill(R.chartKind, { kind: R.kind_bar }) }).click();
    await expect(chart).toHaveAttribute('data-kind', 'pie');
    await page.getByRole('button', { name: fill(R.chartKind, { kind: R.kind_pie }) }).click();
    await expect(chart).toHaveAttribute('data-kind', 'scatter');
    await expect(chart.locator('.results-chart-canvas svg')).toBeVisible();
    await page.getByRole('button', { name: fill(R.chartKind, { kind: R.kind_scatter }) }).click();
    await expect(chart).toHaveAttribute('data-kind', 'bar');

    // Export: the file is named by x-filename and its rows are the table's.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: R.export, exact: true }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${slug}-${slug}-energy-mix-results-\\d{8}-\\d{4}\\.xlsx$`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toEqual([[R.name, R.lastName, R.email, 'Energy in 2035', R.comments], ['Vera', 'Voter', 'voter@results.test', 'Offshore wind']]);
    await other.context().close();
  });

  test('cycling the chart kinds of a poll nobody answered yet logs no error (the fixture fails on any)', { tag: '@desktop-only' }, async ({ page, request }) => {
    const R = en.pollResults;
    const { slug, origin } = await resultsEvent(request, 'chart-empty', 'en');
    // The page's timers run on a clock the test can move on (naturally until then).
    await page.clock.install();
    await resultsLogin(page, origin, `/pollResults/${slug}-energy-mix`, R);
    const chart = page.locator('figure.results-chart');
    await expect(chart.locator('.results-chart-canvas svg')).toBeVisible();
    await page.getByRole('button', { name: fill(R.chartKind, { kind: R.kind_bar }) }).click();
    await expect(chart.getByText(R.noAnswers)).toBeVisible();
    await page.getByRole('button', { name: fill(R.chartKind, { kind: R.kind_pie }) }).click();
    await expect(chart.locator('.results-chart-canvas svg')).toBeVisible();
    await page.getByRole('button', { name: fill(R.chartKind, { kind: R.kind_scatter }) }).click();
    await expect(chart).toHaveAttribute('data-kind', 'bar');
    // The charts' own timers (the first update 700 ms after drawing, 400 ms after an animation, 250
    // ms to swap an svg) all fire now, those of the charts drawn before too: an error they throw
    // fails the test here, not after it ended.
    await page.clock.runFor(5000);
    await expect(chart).toHaveAttribute('data-kind', 'bar');
  });

  test('a poll nobody answered says so in its table, and a chosen date is written out in the page\'s language (nb)', async ({ page, request, isMobile }) => {
    const R = nb.pollResults;
    const { slug, origin } = await resultsEvent(request, 'table-empty', 'nb');
    await resultsLogin(page, origin, `/pollResults/${slug}-energy-mix`, R);
    const table = page.getByRole('region', { name: R.table }).first();
    await expect(table.getByText(R.tableEmpty)).toBeVisible();
    await expect(table.getByText(fill(R.showing, { shown: 0, total: 0 }))).toHaveCount(0);
    await expect(table.getByRole('table')).toHaveCount(0);

    // Under 1024 px the filters fold behind their toggle.
    if (isMobile) await page.getByRole('button', { name: R.showFilters }).click();
    const from = page.getByLabel(R.fromDate, { exact: true });
    await from.fill('2026-11-26');
    await expect(from).toHaveAccessibleDescription('torsdag 26. november 2026');
    await expectNoSeriousA11yViolations(page);
  });

  test('a quiz group (template) exports through templateResults: the table, and the rating list in its mode (en)', { tag: '@desktop-only' }, async ({ page, request }) => {
    const R = en.pollResults;
    const { slug, origin } = await resultsEvent(request, 'template', 'en');
    const key = `${slug}-rate-session`;
    await resultsLogin(page, origin, `/pollResults/template/${key}`, R);
    const xlsx = page.getByRole('link', { name: R.export, exact: true });
    await expect(xlsx).toHaveAttribute('href', new RegExp(`/templateResults/${key}/export/3\\?format=xlsx$`));
    await page.getByRole('button', { name: R.modeRatings }).click();
    await expect(xlsx).toHaveAttribute('href', new RegExp(`/templateResults/${key}/export\\?format=xlsx$`));
    const [download] = await Promise.all([page.waitForEvent('download'), xlsx.click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${slug}-${key}-template-ratings-\\d{8}-\\d{4}\\.xlsx$`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([R.ratingTitle, R.accessKey, R.average, R.count]);
    await expectNoSeriousA11yViolations(page);
  });

  test('an organiser hides an open-text answer and sees it faded and struck through (nb)', async ({ page, browser, request }) => {
    const R = nb.pollResults;
    const { slug, origin } = await resultsEvent(request, 'opentext', 'nb');
    const other = await voter(browser, page, origin, slug);
    await other.goto(`${origin}/polls/${slug}-one-word`);
    await islandsHydrated(other);
    await other.getByLabel(nb.polls.freeTextLabel).fill('Sirkulært');
    await other.getByRole('button', { name: nb.polls.send }).click();
    await expect(other.getByRole('status')).toHaveText(nb.polls.thankYou);

    await resultsLogin(page, origin, `/quiz-open-text/${slug}-one-word`, R);
    const answer = page.locator('.open-text-answer').filter({ hasText: 'Sirkulært' });
    await expect(answer).toContainText('Vera Voter');
    await expect(answer.locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await expectNoSeriousA11yViolations(page);

    // Live only: the stage hears the presentation once its socket is welcomed and the island listens.
    await gotoLive(other, `${origin}/stage`);
    await expect(other.locator('astro-island[component-url*="PresentedAnswer"][ssr]')).toHaveCount(0, { timeout: 15_000 });
    await expect(other.locator('astro-island[component-url*="PresentedAnswer"]')).toHaveCount(1);
    await answer.getByRole('button', { name: R.present }).click();
    await expect(answer).toHaveClass(/is-presented/);
    // The stage shows it in big type (the stream area is hidden on phones by default, docs/product.md §2).
    const onStage = other.locator('section.presented-answer');
    await expect(onStage).toContainText('Sirkulært');
    if (test.info().project.name === 'desktop') await expect(onStage).toBeVisible();
    await answer.getByRole('button', { name: R.hide }).click();
    await expect(answer).toHaveClass(/is-hidden/);
    await expect(onStage).toHaveCount(0);
    const label = answer.locator('.open-text-label');
    await expect(label).toHaveCSS('text-decoration-line', 'line-through');
    expect(Number(await label.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(1);
    await expect(answer.getByRole('button', { name: R.listAgain })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The results page's open-text mode shows the same state, after a reload too.
    await page.goto(`${origin}/pollResults/${slug}-one-word`);
    await islandsHydrated(page);
    await page.getByRole('button', { name: R.modeOpenText }).click();
    await expect(page.locator('.open-text-answer.is-hidden')).toContainText('Sirkulært');
    await page.getByRole('button', { name: R.modeOpenText }).click();
    await expect(page.getByRole('button', { name: R.modeResults })).toHaveAttribute('aria-pressed', 'true');
    // docs/product.md §2 /polls/{key}, the poll stream: the organiser's results session opens the same moderated stream there.
    await page.goto(`${origin}/polls/${slug}-one-word`);
    await expect(page.locator('.open-text-answer.is-hidden')).toContainText('Sirkulært');
    await other.context().close();
  });

  test('a closed event says so on the results login', { tag: '@desktop-only' }, async ({ page, request }) => {
    const { slug, origin } = await resultsEvent(request, 'closed', 'en');
    await importTestEvent(request, origin, slug, (file) => { file['active'] = false; file['polls'] = []; file['resultsPassword'] = RESULTS_PASSWORD; });
    await page.goto(`${origin}/login-poll-results`);
    await expect(page.getByText(en.pollResults.closed)).toBeVisible();
    await expect(page.getByLabel(en.pollResults.password)).toHaveCount(0);
  });
});
