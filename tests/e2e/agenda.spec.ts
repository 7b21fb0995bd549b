import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { expectNoHorizontalOverflow } from './iframe-helpers';
import { islandsHydrated } from './sponsor-helpers';
import { attemptSlug, chooseTabById, importTestEvent, originOf } from './stage-helpers';
import { signIn } from './sign-in';

const isPhone = () => test.info().project.name === 'phone';
const fill = (text: string, vars: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');

/** Opens the stage's agenda tab (its label is the event's programme caption). */
async function openAgenda(page: Page, origin = ''): Promise<Locator> {
  await page.goto(`${origin}/stage`);
  await chooseTabById(page, 'agenda');
  const panel = page.locator('#panel-agenda');
  await expect(panel.locator('.agenda-tab form[role="search"]')).toBeVisible();
  // The agenda is server-rendered: a click before the island hydrates would be lost.
  await islandsHydrated(panel);
  return panel;
}

/**
 * Resolves once a status region in `scope` has shown `text`. Await it before the action and
 * await its result after: the messages last only 0.8–1.5 s (docs/product.md §9), and on a busy machine a
 * polling check can miss them, so a MutationObserver records every status text as it appears.
 */
async function statusShown(page: Page, scope: string, text: string): Promise<() => Promise<unknown>> {
  await page.evaluate(({ scope, text }) => {
    const seen = ((window as unknown as { statusSeen?: string[] }).statusSeen ??= []);
    const record = () => {
      for (const el of document.querySelectorAll(`${scope} [role="status"]`)) {
        if (el.textContent?.includes(text)) seen.push(text);
      }
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    record();
  }, { scope, text });
  return () => page.waitForFunction((text) => (window as unknown as { statusSeen?: string[] }).statusSeen?.includes(text), text, { timeout: 15_000 });
}

/**
 * The demo event under a slug of this test's own: bookings change seats and "My agenda", so two
 * tests booking as the demo attendee at once (the two viewport projects run in parallel) would
 * see each other's sessions.
 */
async function bookingEvent(request: APIRequestContext, name: string): Promise<{ slug: string; origin: string }> {
  const slug = attemptSlug(`booking-${test.info().project.name}-${name}`);
  const origin = originOf(test.info(), slug);
  await importTestEvent(request, origin, slug);
  return { slug, origin };
}

const seatsOf = async (session: Locator): Promise<number> => Number(await session.locator('[data-seats-left]').getAttribute('data-seats-left'));

test.describe('stage agenda tab', () => {
  // The stage page carries the player and every tab; two browsers and axe need more than 30 s.
  test.describe.configure({ timeout: 90_000 });
  test('books and cancels a seat-limited session with confirmation; a second browser sees the seats change live', async ({ page, browser, request }) => {
    const title = 'Roundtable: Funding deep tech in the North';
    const { slug, origin } = await bookingEvent(request, 'seats');
    await signIn(page, origin, slug);
    const panel = await openAgenda(page, origin);
    const session = panel.getByRole('article', { name: title });
    await session.scrollIntoViewIfNeeded();
    const before = await seatsOf(session);
    expect(before).toBeGreaterThan(0);

    const other = await browser.newContext({ viewport: page.viewportSize() ?? { width: 1280, height: 800 } });
    const watcher = await other.newPage();
    await watcher.goto(`${origin}/login`);
    expect(await watcher.evaluate(async (eventId) => (await fetch('/connect/token', {
      method: 'POST', body: new URLSearchParams({ grant_type: 'password', eventId, username: 'organiser@demo.test', password: 'demo-organiser-1' }),
    })).status, slug)).toBe(200);
    const watched = (await openAgenda(watcher, origin)).getByRole('article', { name: title });
    await expect(watched.locator('[data-seats-left]')).toHaveAttribute('data-seats-left', String(before));

    await session.getByRole('button', { name: fill(en.booking.attendTitle, { title }) }).click();
    const dialog = page.getByRole('dialog', { name: en.booking.confirmTitle });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const added = await statusShown(page, '#panel-agenda', en.booking.AddedAgenda);
    await dialog.getByRole('button', { name: en.booking.confirmYes }).click();
    await expect(dialog).toBeHidden();
    await added();
    // docs/product.md §9: the success message goes after 1.5 s.
    await expect(panel.getByText(en.booking.AddedAgenda)).toBeHidden({ timeout: 5000 });
    await expect(session.locator('[data-seats-left]')).toHaveAttribute('data-seats-left', String(before - 1));
    await expect(watched.locator('[data-seats-left]')).toHaveAttribute('data-seats-left', String(before - 1));

    // My agenda shows only what the attendee booked.
    await panel.getByLabel(en.agenda.myAgenda, { exact: true }).check();
    await expect(panel.getByRole('article')).toHaveCount(1);
    await expect(panel.getByRole('article', { name: title })).toBeVisible();
    await panel.getByLabel(en.agenda.myAgenda, { exact: true }).uncheck();

    await session.getByRole('button', { name: fill(en.booking.cancelTitle, { title }) }).click();
    const cancel = page.getByRole('dialog', { name: en.booking.cancelConfirmTitle });
    const removed = await statusShown(page, '#panel-agenda', en.booking.RemovedAgenda);
    await cancel.getByRole('button', { name: en.booking.cancelConfirmYes }).click();
    await removed();
    await expect(session.locator('[data-seats-left]')).toHaveAttribute('data-seats-left', String(before));
    await expect(watched.locator('[data-seats-left]')).toHaveAttribute('data-seats-left', String(before));
    await expect(session.getByRole('button', { name: fill(en.booking.attendTitle, { title }) })).toBeVisible();
    await other.close();
  });

  test('filters by date range and category; "to" waits for "from" and never precedes it', { tag: '@phone-only' }, async ({ page }) => {
    await signIn(page, originOf(test.info()), 'demo');
    const panel = await openAgenda(page);
    const days = panel.locator('details.agenda-day');
    // The demo's "now" sessions fall on the day before its first day when imported just after midnight.
    await expect(days.nth(1)).toBeVisible();
    const dayCount = await days.count();
    const [first, second] = (await days.evaluateAll((list) => list.map((d) => d.getAttribute('data-agenda-day') ?? ''))).slice(-2);
    // Category and dates are folded away until asked for, so sessions start near the top.
    const from = panel.getByLabel(en.agenda.dateFrom, { exact: true });
    await expect(from).toBeHidden();
    await panel.getByText(en.agenda.moreFilters).click();
    const to = panel.getByLabel(en.agenda.dateTo, { exact: true });
    await expect(to).toBeDisabled();
    await from.fill(second!);
    // The native input writes the day in the browser's format; the page writes it out under it.
    const written = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
      .format(new Date(`${second!}T12:00:00Z`));
    await expect(from).toHaveAccessibleDescription(written);
    await expect(to).toBeEnabled();
    await expect(to).toHaveAttribute('min', second!);
    // Only "from" set: the range does not apply yet (docs/product.md §5).
    await expect(days).toHaveCount(dayCount);
    await to.fill(second!);
    await expect(days).toHaveCount(1);
    await expect(days.first()).toHaveAttribute('data-agenda-day', second!);
    // Choosing a "to" before "from" is corrected to "from".
    await to.fill(first!);
    await expect(to).toHaveValue(second!);

    const all = await panel.getByRole('article').count();
    await panel.getByLabel(en.agenda.category, { exact: true }).selectOption({ label: 'Workshop' });
    await expect(panel.getByRole('article', { name: 'Workshop: Designing for low-energy devices' })).toBeVisible();
    await expect(panel.getByRole('article', { name: 'Day two opening' })).toHaveCount(0);
    expect(await panel.getByRole('article').count()).toBeLessThan(all);

    await panel.getByRole('button', { name: en.agenda.clearDates }).click();
    // Both demo days have workshops, so both are back (the category still applies).
    await expect(days.and(panel.locator(`[data-agenda-day="${first}"]`))).toHaveCount(1);
    await expect(days.and(panel.locator(`[data-agenda-day="${second}"]`))).toHaveCount(1);
    await expect(to).toBeDisabled();
    await expectNoHorizontalOverflow(page);
  });

  test('days collapse, and ?day= opens that day only', { tag: '@desktop-only' }, async ({ page }) => {
    await signIn(page, originOf(test.info()), 'demo');
    const panel = await openAgenda(page);
    const day = panel.locator('details.agenda-day').nth(1);
    const key = await day.getAttribute('data-agenda-day');
    await day.locator(':scope > summary').click();
    await expect(day.getByRole('article').first()).toBeHidden();
    await page.goto(`/stage?day=${key}`);
    await chooseTabById(page, 'agenda');
    await expect(panel.locator(`details.agenda-day[data-agenda-day="${key}"]`)).toHaveAttribute('open', '');
    await expect(panel.locator('details.agenda-day').first()).not.toHaveAttribute('open', '');
  });

  test('Norwegian event: day headings as "dddd DD. MMMM" and Norwegian booking texts', { tag: '@phone-only' }, async ({ page, request }) => {
    const slug = attemptSlug(`nbagenda${isPhone() ? 'p' : 'd'}`);
    const origin = originOf(test.info(), slug);
    await importTestEvent(request, origin, slug, (file) => { file['language'] = 'nb'; });
    await signIn(page, origin, slug);
    await page.goto(`${origin}/stage`);
    await chooseTabById(page, 'agenda');
    const panel = page.locator('#panel-agenda');
    await expect(panel.getByLabel(nb.agenda.myAgenda, { exact: true })).toBeVisible();
    await islandsHydrated(panel);
    const heading = panel.locator('details.agenda-day h3').first();
    await expect(heading).toHaveText(/^\p{L}+ \d{2}\. \p{L}+$/u);
    const title = 'Workshop: Firmware that listens to the grid';
    const session = panel.getByRole('article', { name: title });
    await session.getByRole('button', { name: fill(nb.booking.attendTitle, { title }) }).click();
    const dialog = page.getByRole('dialog', { name: nb.booking.confirmTitle });
    const added = await statusShown(page, '#panel-agenda', nb.booking.AddedAgenda);
    await dialog.getByRole('button', { name: nb.booking.confirmYes }).click();
    await added();
    await expect(session.getByRole('button', { name: fill(nb.booking.cancelTitle, { title }) })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });

  test('My program lists booked sessions by day, downloads .ics and cancels with confirmation', async ({ page, request }) => {
    const title = 'Hydrogen in salt caverns';
    const { slug, origin } = await bookingEvent(request, 'program');
    await signIn(page, origin, slug);
    await page.goto(`${origin}/stage`);
    // Book through the API (as another device would) before the page renders My program.
    const status = await page.evaluate(async ({ wanted, eventId }) => {
      const info = await (await fetch(`/api/liveEvent/${eventId}/liveGetAgendaInfo`)).json() as { agenda: Record<string, Record<string, { id: number; title: string }[]>> };
      const found = Object.values(info.agenda).flatMap((d) => Object.values(d).flat()).find((s) => s.title === wanted);
      const response = await fetch(`/api/liveEvent/${eventId}/liveGetAgendaInfo/bookSession`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ EventId: eventId, SessionId: found?.id }),
      });
      return response.status;
    }, { wanted: title, eventId: slug });
    expect(status).toBe(200);
    await page.reload();
    await chooseTabById(page, 'profile');
    const program = page.getByRole('region', { name: en.myProgram.title });
    const session = program.getByRole('article', { name: title });
    await expect(session).toBeVisible();
    await expect(program.getByRole('link', { name: en.myProgram.addToCalendar })).toHaveAttribute('href', /myProgram\.ics$/);
    await session.getByRole('button', { name: fill(en.booking.cancelTitle, { title }) }).click();
    const dialog = page.getByRole('dialog', { name: en.booking.cancelConfirmTitle });
    const removed = await statusShown(page, '#panel-profile', en.booking.successfullyRemovedAgenda);
    await dialog.getByRole('button', { name: en.booking.cancelConfirmYes }).click();
    await removed();
    // docs/product.md §9: the removal message goes after 0.8 s; the session stays listed with Attend to undo.
    await expect(program.getByText(en.booking.successfullyRemovedAgenda)).toBeHidden({ timeout: 2000 });
    await expect(session.getByRole('button', { name: fill(en.booking.attendTitle, { title }) })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });
});
