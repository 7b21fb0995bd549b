import { type Browser, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { expectNoHorizontalOverflow } from './iframe-helpers';
import { signIn } from './sign-in';
import { attemptSlug, chooseTabById, importTestEvent, originOf, pauseVideos } from './stage-helpers';

const ALEX = { username: 'attendee@demo.test', password: 'demo-attendee-1', name: 'Alex Andersen' };
const BEA = { username: 'bea.berg@people.test', password: 'bea-berg-pass-1', name: 'Bea Berg' };
const HIDDEN = { username: 'hedda.skjult@people.test', password: 'hedda-pass-1', name: 'Hedda Skjult' };

/** An event of our own per test: presence and searches stay apart from the other specs. */
async function peopleEvent(request: Parameters<typeof importTestEvent>[0], tag: string, language = 'en'): Promise<{ slug: string; origin: string }> {
  const slug = attemptSlug(`people-${tag}-${test.info().project.name}`);
  const origin = originOf(test.info(), slug);
  await importTestEvent(request, origin, slug, (file) => {
    file['language'] = language;
    // docs/product.md §5: e-mail shown, phone not.
    file.features['profilePhoneVisible'] = false;
    file.features['profileEmailVisible'] = true;
    (file['users'] as Record<string, unknown>[]).push(
      { email: BEA.username, firstName: 'Bea', lastName: 'Berg', password: BEA.password, company: 'Fjordlys AS', jobTitle: 'Grid analyst', phone: '+47 400 99 001', about2: 'Ask me about batteries.' },
      { email: HIDDEN.username, firstName: 'Hedda', lastName: 'Skjult', password: HIDDEN.password, company: 'Fjordlys AS', hidden: true },
    );
  });
  return { slug, origin };
}

async function openParticipants(page: Page, origin: string): Promise<Locator> {
  await page.goto(`${origin}/stage`);
  await pauseVideos(page);
  await chooseTabById(page, 'participants');
  const panel = page.locator('#panel-participants');
  await expect(panel.locator('.participant-card').first()).toBeVisible();
  // Server-rendered first: typing before the island hydrates would be lost.
  await expect(panel.locator('astro-island:not([ssr])').first()).toBeAttached();
  return panel;
}

async function signedInPage(browser: Browser, origin: string, slug: string, who: { username: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ viewport: test.info().project.use.viewport ?? null });
  const page = await context.newPage();
  await signIn(page, origin, slug, who);
  return page;
}

const card = (panel: Locator, name: string) => panel.locator('.participant-card', { has: panel.page().getByRole('button', { name, exact: true }) });

test.describe('participants, presence and profiles', () => {
  test.describe.configure({ timeout: 120_000 });

  test('A finds B by search and sees B online, then offline after B closes the page', async ({ page, browser, request }) => {
    const { slug, origin } = await peopleEvent(request, 'presence');
    await signIn(page, origin, slug, ALEX);
    // The lobby's participants link opens the tab (?tab=participants).
    await page.goto(`${origin}/stage?tab=participants`);
    await expect(page.locator('#panel-participants')).toBeVisible();
    const panel = await openParticipants(page, origin);
    // 20 to a page (docs/product.md §9) with '+' while more may come; scrolling to the end appends the rest.
    await expect(panel.getByRole('status')).toHaveText('Attendees: 20+');
    await panel.locator('.participant-card').last().scrollIntoViewIfNeeded();
    await expect(panel.getByRole('status')).toHaveText('Attendees: 37', { timeout: 10_000 });
    await expect(panel.locator('.participant-card')).toHaveCount(37);

    const bea = await signedInPage(browser, origin, slug, BEA);
    await bea.goto(`${origin}/stage`);

    await panel.getByLabel(en.participants.search, { exact: true }).fill('bea b');
    await expect(panel.locator('.participant-card')).toHaveCount(1);
    const beaCard = card(panel, BEA.name);
    await expect(beaCard.getByText(en.participants.online, { exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(beaCard.getByText('Grid analyst, Fjordlys AS')).toBeVisible();

    // A hidden attendee is never found, not even by name.
    await panel.getByLabel(en.participants.search, { exact: true }).fill('hedda');
    await expect(panel.getByText(en.participants.noMatch)).toBeVisible();
    await panel.getByLabel(en.participants.search, { exact: true }).fill('bea');
    await expect(panel.locator('.participant-card')).toHaveCount(1);

    await bea.context().close();
    // The test server's grace period is short (playwright.config.ts PRESENCE_GRACE_MS).
    await expect(card(panel, BEA.name).getByText(en.participants.offline, { exact: true })).toBeVisible({ timeout: 15_000 });
    await expectNoHorizontalOverflow(page);
  });

  test('More info, the profile modal with only the visible fields, and the message button', { tag: '@desktop-only' }, async ({ page, request }) => {
    const { slug, origin } = await peopleEvent(request, 'profile');
    await signIn(page, origin, slug, ALEX);
    const panel = await openParticipants(page, origin);
    await panel.getByLabel(en.participants.search, { exact: true }).fill('berg');
    const beaCard = card(panel, BEA.name);
    await expect(beaCard).toBeVisible();
    await expect(panel.locator('.participant-card')).toHaveCount(1);

    await beaCard.getByRole('button', { name: `${en.participants.moreInfo}: ${BEA.name}` }).click();
    await expect(beaCard.getByText(BEA.username)).toBeVisible();
    await expect(beaCard.getByText(en.participants.notAvailable)).toBeVisible();
    await expect(beaCard.getByText('+47 400 99 001')).toHaveCount(0);
    await beaCard.getByRole('button', { name: `${en.participants.showLess}: ${BEA.name}` }).click();
    await expect(beaCard.getByText(BEA.username)).toHaveCount(0);

    // The message button asks the chat to open (the chat islands own 'open-chat').
    const opened = page.evaluate(() => new Promise((resolve) => window.addEventListener('ep:open-chat', (e) => resolve((e as CustomEvent).detail), { once: true })));
    // Read before the click: the chat tab then hides the list, and role queries skip hidden cards.
    const beaId = Number(await beaCard.getAttribute('data-user-id'));
    await beaCard.getByRole('button', { name: `Send a message to ${BEA.name}` }).click();
    expect(await opened).toEqual({ userId: beaId });
    // The chat tab answers it with the conversation with Bea; then back to the list.
    await expect(page.locator('#panel-chat').getByRole('button', { name: en.chat.openProfile.replace('{{name}}', BEA.name) })).toBeVisible();
    await chooseTabById(page, 'participants');
    // Never for oneself.
    await panel.getByLabel(en.participants.search, { exact: true }).fill('alex andersen');
    await expect(card(panel, ALEX.name)).toBeVisible();
    await expect(card(panel, ALEX.name).getByRole('button', { name: /Send a message/ })).toHaveCount(0);

    await panel.getByLabel(en.participants.search, { exact: true }).fill('berg');
    await card(panel, BEA.name).getByRole('button', { name: BEA.name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: BEA.name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Grid analyst')).toBeVisible();
    await expect(dialog.getByText('Ask me about batteries.')).toBeVisible();
    await expect(dialog.getByRole('link', { name: BEA.username })).toBeVisible();
    await expect(dialog.getByText(en.participants.notAvailable)).toBeVisible();
    await expect(dialog.getByText('+47 400 99 001')).toHaveCount(0);
    // Focus stays in the modal.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('speaks Norwegian in an nb event', { tag: '@phone-only' }, async ({ page, request }) => {
    const { slug, origin } = await peopleEvent(request, 'nb', 'nb');
    await signIn(page, origin, slug, ALEX);
    const panel = await openParticipants(page, origin);
    await panel.getByLabel(nb.participants.search, { exact: true }).fill('bea');
    const beaCard = card(panel, BEA.name);
    await expect(beaCard.getByRole('button', { name: `${nb.participants.moreInfo}: ${BEA.name}` })).toBeVisible();
    await expect(beaCard.getByText(nb.participants.offline, { exact: true })).toBeVisible();
    await expect(panel.getByRole('status')).toContainText('Deltakere: 1');
  });
});
