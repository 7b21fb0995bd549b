import { type Browser, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import en from '../../locales/en.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { expectNoHorizontalOverflow } from './iframe-helpers';
import { islandsHydrated, sponsorIdByName } from './sponsor-helpers';
import { signIn } from './sign-in';
import { attemptSlug, importTestEvent, originOf } from './stage-helpers';

const P = en.polls;
const VOTERS = ['voter1', 'voter2'];
const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));

/**
 * A fresh event per test (answers are final): the demo's polls with their own access keys, every
 * non-coded one attached to Polar Grid so the sponsor polls tab lists them, and two voters.
 */
async function pollEvent(request: Parameters<typeof importTestEvent>[0], name: string): Promise<{ slug: string; origin: string }> {
  const slug = attemptSlug(`polls-${test.info().project.name}-${name}`);
  const origin = originOf(test.info(), slug);
  const demo = (await import('../../events/demo.event.json', { with: { type: 'json' } })).default as unknown as Record<string, unknown>;
  await importTestEvent(request, origin, slug, (file) => {
    const polls = structuredClone(demo['polls']) as Record<string, unknown>[];
    for (const poll of polls) {
      poll['accessKey'] = `${slug}-${String(poll['key'])}`;
      for (const item of (poll['items'] ?? []) as Record<string, unknown>[]) delete item['accessKey'];
      if (!poll['code']) poll['sponsor'] = 'polar-grid';
    }
    file['polls'] = polls;
    const users = file['users'] as Record<string, unknown>[];
    const attendee = users.find((u) => u['email'] === 'attendee@demo.test')!;
    for (const voter of VOTERS) {
      users.push({ ...attendee, email: `${voter}@polls.test`, password: 'poll-voter-1', ticketCode: `${slug}-${voter}` });
    }
  });
  return { slug, origin };
}

async function logInAs(page: Page, origin: string, slug: string, voter: string): Promise<void> {
  await signIn(page, origin, slug, { username: `${voter}@polls.test`, password: 'poll-voter-1' });
}

/** Opens a poll from the sponsor page's polls tab; answers its dialog. */
async function openFromSponsor(page: Page, origin: string, slug: string, title: string): Promise<Locator> {
  const id = await sponsorIdByName(page, origin, slug, 'Polar Grid');
  await page.goto(`${origin}/sponsor/${id}`);
  await islandsHydrated(page);
  await page.getByRole('tab', { name: en.sponsors.tabs.polls }).click();
  await page.getByRole('button', { name: title }).click();
  // Titled by its kind (Poll, Quiz, Rating…); the page has one open dialog at a time.
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  return dialog;
}

async function secondVoter(browser: Browser, page: Page, origin: string, slug: string): Promise<Page> {
  const context = await browser.newContext({ viewport: page.viewportSize() ?? { width: 1280, height: 800 } });
  const other = await context.newPage();
  await logInAs(other, origin, slug, 'voter2');
  return other;
}

test.describe('poll screens', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a public choice poll locks the answer and shows counts; another browser sees them move live', async ({ page, browser, request }) => {
    const { slug, origin } = await pollEvent(request, 'choice');
    const other = await secondVoter(browser, page, origin, slug);
    const watched = await openFromSponsor(other, origin, slug, 'Energy in 2035');
    await watched.getByRole('radio', { name: 'Offshore wind' }).check();
    await watched.getByRole('button', { name: P.send }).click();
    await expect(watched.getByRole('status')).toHaveText(P.thankYou);
    const hydro = watched.locator('[data-alternative="Hydropower"]');
    await expect(hydro).toHaveAttribute('data-count', '0');

    await logInAs(page, origin, slug, 'voter1');
    const dialog = await openFromSponsor(page, origin, slug, 'Energy in 2035');
    const send = dialog.getByRole('button', { name: P.send });
    await expect(send).toBeDisabled();
    await dialog.getByRole('radio', { name: 'Hydropower' }).check();
    await expectNoSeriousA11yViolations(page);
    await send.click();
    await expect(dialog.getByRole('status')).toHaveText(P.thankYou);
    await expect(dialog.locator('[data-alternative="Hydropower"]')).toHaveAttribute('data-count', '1');
    // docs/product.md §4: a selected answer cannot be changed.
    await expect(dialog.getByRole('radio', { name: 'Hydropower' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: P.send })).toHaveCount(0);
    // The other browser, never reloaded, follows the tally.
    await expect(hydro).toHaveAttribute('data-count', '1', { timeout: 10_000 });
    await expectNoHorizontalOverflow(page);
    await other.context().close();
  });

  test('a quiz steps with Next and Previous and submits every answer at the end with the score', { tag: '@desktop-only' }, async ({ page, browser, request }) => {
    const { slug, origin } = await pollEvent(request, 'quiz');
    await logInAs(page, origin, slug, 'voter1');
    const dialog = await openFromSponsor(page, origin, slug, 'Nordic climate quiz');
    await expect(dialog.getByText(fill(P.step, { position: 1, count: 3 }))).toBeVisible();
    await expect(dialog.getByRole('button', { name: P.previous })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: P.next })).toBeDisabled();
    // An item with one right answer is a choice of one (radio buttons); the third has several.
    await dialog.getByRole('radio', { name: 'About 80' }).check();
    await dialog.getByRole('button', { name: P.next }).click();
    await dialog.getByRole('radio', { name: 'Iceland' }).check();
    await dialog.getByRole('button', { name: P.previous }).click();
    await expect(dialog.getByRole('radio', { name: 'About 80' })).toBeChecked();
    await dialog.getByRole('button', { name: P.next }).click();
    await expect(dialog.getByRole('radio', { name: 'Iceland' })).toBeChecked();
    await dialog.getByRole('button', { name: P.next }).click();
    for (const name of ['Hydropower', 'Wind', 'Biogas']) await dialog.getByRole('checkbox', { name }).check();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: P.submit }).click();
    await expect(dialog.getByRole('status')).toHaveText(P.thankYouQuiz);
    await expect(dialog.getByText(fill(P.score, { correct: 3, total: 3 }))).toBeVisible();
    // The polls tab now marks the quiz as answered, without reloading.
    await dialog.getByRole('button', { name: P.close }).click();
    const answered = page.locator('.sponsor-polls li.is-answered');
    await expect(answered).toHaveCount(1);
    await expect(answered).toContainText('Nordic climate quiz');
    await expect(answered.getByRole('button')).toContainText(P.answeredMark);
    // The page is kept for every member with nothing answered: after a reload the island marks this
    // viewer's answers, and another voter's page never shows them.
    const errors: string[] = [];
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    await page.reload();
    await islandsHydrated(page);
    await page.getByRole('tab', { name: en.sponsors.tabs.polls }).click();
    await expect(page.locator('.sponsor-polls li.is-answered')).toContainText('Nordic climate quiz');
    expect(errors.filter((text) => /#41[89]|#42[35]|hydrat/i.test(text)), 'no hydration error').toEqual([]);
    const other = await secondVoter(browser, page, origin, slug);
    await other.goto(page.url());
    await islandsHydrated(other);
    await other.getByRole('tab', { name: en.sponsors.tabs.polls }).click();
    await expect(other.getByRole('button', { name: 'Nordic climate quiz' })).toBeVisible();
    await expect(other.locator('.sponsor-polls[aria-busy]')).toHaveCount(0);
    await expect(other.locator('.sponsor-polls li.is-answered')).toHaveCount(0);
    await other.context().close();
  });

  test('a treasure hunt sends each clue on Next, has no Previous and resumes at the first unanswered clue', { tag: '@phone-only' }, async ({ page, request }) => {
    const { slug, origin } = await pollEvent(request, 'hunt');
    await logInAs(page, origin, slug, 'voter1');
    let dialog = await openFromSponsor(page, origin, slug, 'Expo treasure hunt');
    await expect(dialog.getByText(fill(P.step, { position: 1, count: 3 }))).toBeVisible();
    await dialog.getByRole('radio', { name: 'Flexibility' }).check();
    await dialog.getByRole('button', { name: P.next }).click();
    await expect(dialog.getByText(fill(P.step, { position: 2, count: 3 }))).toBeVisible();
    await expect(dialog.getByRole('button', { name: P.previous })).toHaveCount(0);
    // A fresh page starts at clue 2: clue 1 was stored on Next.
    dialog = await openFromSponsor(page, origin, slug, 'Expo treasure hunt');
    await expect(dialog.getByText(fill(P.step, { position: 2, count: 3 }))).toBeVisible();
    await dialog.getByRole('radio', { name: 'Glacier ice' }).check();
    await dialog.getByRole('button', { name: P.next }).click();
    // The last clue is open text, sent with Send.
    await expect(dialog.getByText(fill(P.step, { position: 3, count: 3 }))).toBeVisible();
    await dialog.getByLabel(P.freeTextLabel).fill('Aurora');
    await dialog.getByRole('button', { name: P.send }).click();
    await expect(dialog.getByRole('status')).toHaveText(P.huntDone);
  });

  test('a rating with a low score needs a comment; an open-text answer is thanked and kept', { tag: '@phone-only' }, async ({ page, request }) => {
    const { slug, origin } = await pollEvent(request, 'rating');
    await logInAs(page, origin, slug, 'voter1');
    const dialog = await openFromSponsor(page, origin, slug, 'Rate the keynote');
    const send = dialog.getByRole('button', { name: P.send });
    await dialog.getByRole('radio', { name: '2', exact: true }).check({ force: true });
    await expect(dialog.getByText(P.commentRequired)).toBeVisible();
    await expect(send).toBeDisabled();
    await dialog.getByLabel(P.comment).fill('Too many slides');
    await expect(send).toBeEnabled();
    await send.click();
    await expect(dialog.getByRole('status')).toHaveText(P.thankYou);

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'One word' }).click();
    await dialog.getByLabel(P.freeTextLabel).fill('Green');
    await dialog.getByRole('button', { name: P.send }).click();
    await expect(dialog.getByRole('status')).toHaveText(P.thankYou);
    await expect(dialog.getByLabel(P.freeTextLabel)).toHaveValue('Green');
    await expect(dialog.getByText(P.notPublic)).toBeVisible();
  });

  test('the coded entry on the stage takes 4 digits, words a wrong code, and opens the coded poll', { tag: '@desktop-only' }, async ({ page, request, consoleErrors }) => {
    // The wrong code is answered 404, which Chromium logs.
    consoleErrors.allow(/status of 404 .*\/liveGetPoll\/9999\/1\)$/);
    const { slug, origin } = await pollEvent(request, 'coded');
    await logInAs(page, origin, slug, 'voter1');
    await page.goto(`${origin}/stage`);
    await islandsHydrated(page.locator('.stage-header'));
    await page.getByRole('button', { name: P.openCoded }).click();
    const dialog = page.getByRole('dialog', { name: P.codeTitle });
    const ok = dialog.getByRole('button', { name: P.ok });
    await expect(ok).toBeDisabled();
    const code = dialog.getByLabel(P.codeLabel);
    await code.fill('99x99');
    await expect(code).toHaveValue('9999');
    await ok.click();
    await expect(dialog.getByRole('alert')).toHaveText(P.incorrectCode);
    await expectNoSeriousA11yViolations(page);
    await code.fill('1234');
    await ok.click();
    const poll = page.getByRole('dialog', { name: P.kind.codedPoll });
    await expect(poll.getByRole('heading', { name: 'Room check' })).toBeVisible();
    await poll.locator('.poll-alternative input').first().check();
    await poll.getByRole('button', { name: P.send }).click();
    await expect(poll.getByRole('status')).toHaveText(P.thankYou);
    await poll.getByRole('button', { name: P.close }).click();
    await expect(poll).toBeHidden();
  });

  test('the web app has the coded entry, and Cancel closes it', { tag: '@phone-only' }, async ({ page, request }) => {
    const { slug, origin } = await pollEvent(request, 'webapp');
    await logInAs(page, origin, slug, 'voter1');
    await page.goto(`${origin}/webapp`);
    await islandsHydrated(page.locator('.stage-header'));
    await page.getByRole('button', { name: P.openCoded }).click();
    const dialog = page.getByRole('dialog', { name: P.codeTitle });
    // The code field and its buttons fit the phone's dialog (the spaced-out placeholder widened it).
    await expect(dialog.getByRole('button', { name: P.ok })).toBeVisible();
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await dialog.getByLabel(P.codeLabel).fill('5678');
    await dialog.getByRole('button', { name: P.ok }).click();
    await expect(page.getByRole('dialog', { name: P.kind.codedQuiz }).getByRole('heading', { name: 'Speed quiz' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: P.openCoded }).click();
    await page.getByRole('dialog', { name: P.codeTitle }).getByRole('button', { name: P.cancel }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a reloaded treasure hunt page shows the next clue, rendered for this attendee, and hydrates without an error', { tag: '@phone-only' }, async ({ page, browser, request }) => {
    const { slug, origin } = await pollEvent(request, 'hunt-page');
    const other = await secondVoter(browser, page, origin, slug);
    await other.goto(`${origin}/polls/${slug}-expo-hunt`);
    await expect(other.getByText(fill(P.step, { position: 1, count: 3 }))).toBeVisible();
    await logInAs(page, origin, slug, 'voter1');
    await page.goto(`${origin}/polls/${slug}-expo-hunt`);
    await islandsHydrated(page);
    await page.getByRole('radio', { name: 'Flexibility' }).check();
    await page.getByRole('button', { name: P.next }).click();
    await expect(page.getByText(fill(P.step, { position: 2, count: 3 }))).toBeVisible();
    // The server renders each attendee's own place in the hunt (the fixture fails on React's #418).
    const reloaded = await page.reload();
    expect(await reloaded!.text()).toContain(fill(P.step, { position: 2, count: 3 }));
    await islandsHydrated(page);
    const again = await other.reload();
    expect(await again!.text()).toContain(fill(P.step, { position: 1, count: 3 }));
    await other.context().close();
  });

  test('/polls/{pollAccessKey} shows the poll and passes axe', async ({ page, request }) => {
    const { slug, origin } = await pollEvent(request, 'page');
    await logInAs(page, origin, slug, 'voter1');
    await page.goto(`${origin}/polls/${slug}-energy-mix`);
    await expect(page.getByRole('heading', { level: 1, name: 'Energy in 2035' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
