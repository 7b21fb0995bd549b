import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };
import { wallTextAt } from '../../src/lib/zoned-time';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { signIn, type Account } from './sign-in';
import { islandsHydrated } from './sponsor-helpers';
import { ATTENDEE, attemptSlug, importTestEvent, originOf } from './stage-helpers';

const ORGANISER = { username: 'organiser@demo.test', password: 'demo-organiser-1' };
const SECOND: Account = { username: 'second@agenda.test', password: 'agenda-second-1' };
const THIRD: Account = { username: 'third@agenda.test', password: 'agenda-third-1' };
const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
/** Tomorrow in the demo's zone, as the form's date. */
const tomorrow = () => wallTextAt(Date.now() + 86_400_000, 'Europe/Oslo').slice(0, 10);
/** With AGENDA_SHOTS naming a folder, the page is saved there at each step, to be looked at. */
async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env['AGENDA_SHOTS'];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/console-agenda-${test.info().project.name}-${name}.png` });
}

/** The demo event under a slug of this test's own, with a second and a third attendee to book. */
async function agendaEvent(request: APIRequestContext, name: string, language = 'en'): Promise<{ slug: string; origin: string }> {
  const slug = attemptSlug(`agenda-console-${test.info().project.name}-${name}`);
  const origin = originOf(test.info(), slug);
  await importTestEvent(request, origin, slug, (file) => {
    file['language'] = language;
    const users = file['users'] as Record<string, unknown>[];
    const attendee = users.find((u) => u['email'] === ATTENDEE.username)!;
    users.push({ ...attendee, email: SECOND.username, firstName: 'Sol', lastName: 'Second', password: SECOND.password, ticketCode: `${slug}-second` });
    users.push({ ...attendee, email: THIRD.username, firstName: 'Tor', lastName: 'Third', password: THIRD.password, ticketCode: `${slug}-third` });
  });
  return { slug, origin };
}

async function openProgramme(page: Page, origin: string, slug: string): Promise<void> {
  await signIn(page, origin, slug, ORGANISER);
  await page.goto(`${origin}/console/agenda`);
  await islandsHydrated(page.locator('#main'));
}

/** An attendee books the session through the attendees' own booking call, from their own browser; the answer's status and code. */
async function bookAs(browser: Browser, origin: string, slug: string, who: Account, sessionId: number): Promise<{ status: number; error?: string | undefined }> {
  const context = await browser.newContext();
  await signIn(context, origin, slug, who);
  const page = await context.newPage();
  await page.goto(`${origin}/stage`);
  const answer = await page.evaluate(async ({ slug, sessionId }) => {
    const response = await fetch(`/api/liveEvent/${slug}/liveGetAgendaInfo/bookSession`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ EventId: slug, SessionId: sessionId }),
    });
    return { status: response.status, error: ((await response.json()) as { error?: string }).error };
  }, { slug, sessionId });
  await context.close();
  return answer;
}

test.describe('the console\'s programme', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the organiser adds a session with a seat limit of 2 and a speaker; two attendees book it, a third finds it full and is refused; the limit cannot go under the seats booked', async ({ page, browser, request }) => {
    const A = en.console.agenda;
    const { slug, origin } = await agendaEvent(request, 'add');
    await openProgramme(page, origin, slug);
    await expect(page.getByRole('link', { name: en.console.areas.agenda })).toHaveAttribute('aria-current', 'page');
    await shoot(page, 'list');

    await page.getByRole('button', { name: A.add }).click();
    const form = page.locator('form.console-agenda-form');
    await expect(form.getByRole('heading', { name: A.form.newTitle })).toBeFocused();
    const title = `Fjord data lab ${test.info().project.name}`;
    await form.getByLabel(A.fields.title, { exact: true }).fill(title);
    await form.getByLabel(A.fields.start, { exact: true }).fill(`${tomorrow()}T13:00`);
    await form.getByLabel(A.fields.end, { exact: true }).fill(`${tomorrow()}T14:30`);
    // The browser writes the time its own way: the page's language says it under the field.
    await expect(form.getByLabel(A.fields.end, { exact: true })).toHaveAccessibleDescription(/14:30/);
    await form.getByLabel(A.fields.room, { exact: true }).selectOption({ label: 'Build & Design · Room Fjell' });
    await form.getByLabel(A.fields.seatLimit, { exact: true }).fill('2');
    const pick = form.getByLabel(A.speakers.pick, { exact: true });
    const amara = await pick.locator('option', { hasText: /^Amara Okafor/ }).getAttribute('value');
    await pick.selectOption(amara ?? '');
    await form.getByRole('button', { name: A.speakers.add }).click();
    await expect(form.getByText('Amara Okafor', { exact: true })).toBeVisible();
    await shoot(page, 'form');
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('button', { name: A.form.create }).click();
    await expect(page.getByTestId('agenda-status')).toHaveText(fill(A.done.saved, { title }));
    const row = page.locator('.console-agenda-session').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(row.getByTestId('agenda-seats')).toHaveText(fill(A.seats.limited, { booked: 0, limit: 2 }));
    await expect(row).toContainText('Amara Okafor');
    const sessionId = Number((await row.getAttribute('data-testid'))!.replace('agenda-session-', ''));

    // Two attendees book its two seats; a third finds it full on their agenda, with its speaker, and is refused.
    expect((await bookAs(browser, origin, slug, ATTENDEE, sessionId)).status).toBe(200);
    expect((await bookAs(browser, origin, slug, SECOND, sessionId)).status).toBe(200);
    const third = await browser.newContext();
    await signIn(third, origin, slug, THIRD);
    const stage = await third.newPage();
    await stage.goto(`${origin}/stage?tab=agenda&session=${sessionId}`);
    const card = stage.locator(`#panel-agenda article[data-session-id="${sessionId}"]`);
    await expect(card.getByRole('heading', { name: title })).toBeVisible();
    await expect(card.getByText(en.agenda.full, { exact: true })).toBeVisible();
    await expect(card.getByRole('img', { name: `${fill(en.booking.locked, { title })}. ${en.booking.lockedFull}` })).toBeVisible();
    await expect(card.getByRole('button', { name: fill(en.booking.attendTitle, { title }) })).toHaveCount(0);
    await expect(card.getByText('Amara Okafor', { exact: false })).toBeAttached();
    await third.close();
    expect(await bookAs(browser, origin, slug, THIRD, sessionId)).toMatchObject({ status: 409, error: 'booking.full' });

    // The organiser's list follows the bookings; lowering the limit to 1 is refused beside the field.
    await expect(row.getByTestId('agenda-seats')).toHaveText(fill(A.seats.limited, { booked: 2, limit: 2 }));
    await row.getByRole('button', { name: fill(A.editLabel, { title }) }).click();
    const seats = form.getByLabel(A.fields.seatLimit, { exact: true });
    await seats.fill('1');
    await form.getByRole('button', { name: A.form.save }).click();
    const message = fill(A.errors.seatLimitBooked_other, { count: 2 });
    await expect(seats).toHaveAttribute('aria-invalid', 'true');
    await expect(seats).toBeFocused();
    await expect(seats).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const error = form.getByText(message);
    const [fieldBox, errorBox] = [(await seats.boundingBox())!, (await error.boundingBox())!];
    expect(errorBox.y - (fieldBox.y + fieldBox.height)).toBeLessThan(20);
    await shoot(page, 'seat-limit-refused');
    await expectNoSeriousA11yViolations(page);

    // Leaving the changed form asks first.
    await page.getByRole('navigation', { name: en.console.areas.label }).getByRole('link', { name: en.console.areas.live }).click();
    const leave = page.getByRole('dialog', { name: A.leave.title });
    await expect(leave).toBeVisible();
    await leave.locator('.console-actions').getByRole('button', { name: en.console.confirm.cancel }).click();
    await expect(page).toHaveURL(/\/console\/agenda$/);
  });

  test('speaks Norwegian in an nb event: the page, the form and a refused field', { tag: '@phone-only' }, async ({ page, request }) => {
    const N = nb.console.agenda;
    const { slug, origin } = await agendaEvent(request, 'nb', 'nb');
    await openProgramme(page, origin, slug);
    await expect(page.getByRole('heading', { level: 2, name: N.title })).toBeVisible();
    await page.getByRole('button', { name: N.add }).click();
    const form = page.locator('form.console-agenda-form');
    await form.getByRole('button', { name: N.form.create }).click();
    const titleField = form.getByLabel(N.fields.title, { exact: true });
    await expect(titleField).toHaveAttribute('aria-invalid', 'true');
    await expect(titleField).toBeFocused();
    await expect(form.getByText(N.errors.title)).toBeVisible();
    await shoot(page, 'nb-refused');
    await expectNoSeriousA11yViolations(page);
  });
});
