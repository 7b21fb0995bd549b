import { type Page, type Response } from '@playwright/test';
import { expect, test } from './fixtures';
import en from '../../locales/en.json' with { type: 'json' };
import { attemptSlug, chooseTab, importTestEvent, originOf } from './stage-helpers';
import { signIn } from './sign-in';

/*
 * /webapp is kept for every member (docs/http-cache.md "Kept for members"), so its
 * agenda and My program come without anybody's bookings and the islands put the attendee's own in
 * once the page has loaded. Booking, My program and a reload must behave as when the page was
 * rendered for the attendee.
 */
const fill = (text: string, vars: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');

async function openKeptWebapp(page: Page, origin: string): Promise<void> {
  // A view of the web app after a change renders it and keeps it for members, for 5 s
  // (PAGE_CACHE_MS) and only when no event changed during the render. On a busy machine a page
  // load (through the service worker once it is installed) outlasts the 5 s, or the other
  // worker's tests change their events, so the page is loaded until the kept one arrives.
  const last: { answer?: Response | null; own?: Promise<unknown> } = {};
  await expect.poll(async () => {
    const own = page.waitForResponse((res) => res.url().endsWith('/liveGetAgendaInfo/bookedSessions') && res.ok());
    own.catch(() => undefined);
    last.answer = await page.goto(`${origin}/webapp`);
    last.own = own;
    return last.answer?.headers()['x-cache'];
  }, { message: 'the web app kept for members', timeout: 60_000, intervals: [0] }).toBe('hit');
  expect(await last.answer!.text()).not.toContain('isBooked&quot;:[0,true]');
  await last.own;
}

test.describe('the kept web app', () => {
  test.describe.configure({ timeout: 90_000 });

  test('books a session in the agenda, lists it in My program, and shows it again after a reload, without a hydration error', async ({ page, request }) => {
    const slug = attemptSlug(`webappbook-${test.info().project.name}`);
    const origin = originOf(test.info(), slug);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    await importTestEvent(request, origin, slug);
    await signIn(page, origin, slug);
    await openKeptWebapp(page, origin);

    await chooseTab(page, 'Programme');
    const programme = page.getByRole('tabpanel', { name: 'Programme' });
    const attend = programme.getByRole('button', { name: /^Book / }).first();
    const title = (await attend.getAttribute('aria-label'))!.replace(/^Book /, '');
    await attend.click();
    const confirm = page.getByRole('dialog', { name: en.booking.confirmTitle });
    const cancel = programme.getByRole('button', { name: fill(en.booking.cancelTitle, { title }) });
    await expect(cancel.or(confirm)).toBeVisible();
    if (await confirm.isVisible()) await confirm.getByRole('button', { name: en.booking.confirmYes }).click();
    await expect(cancel).toBeVisible();

    await chooseTab(page, 'Profile');
    const program = page.getByRole('region', { name: en.myProgram.title });
    await expect(program.getByRole('article', { name: title })).toBeVisible();

    // The booking dropped the kept page (seats changed); the next one is kept again, still without bookings.
    await openKeptWebapp(page, origin);
    await chooseTab(page, 'Profile');
    await expect(program.getByRole('article', { name: title })).toBeVisible();
    await chooseTab(page, 'Programme');
    await expect(programme.getByRole('button', { name: fill(en.booking.cancelTitle, { title }) })).toBeEnabled();
    expect(errors, 'no console error, no React #418').toEqual([]);
  });
});
