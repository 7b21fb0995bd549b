import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './sign-in';
import { islandsHydrated } from './sponsor-helpers';
import { ATTENDEE, attemptSlug, importTestEvent, originOf } from './stage-helpers';

export const ORGANISER = { username: 'organiser@demo.test', password: 'demo-organiser-1' };
export const POSTER = { username: 'poster@console.test', password: 'console-poster-1' };
export const SPAM = 'Buy cheap tickets at spam.example';
const isPhone = () => test.info().project.name === 'phone';

/** A fresh event per test (answers are final): the demo's polls closed under their own access keys, and a post by another attendee. */
export async function consoleEvent(request: APIRequestContext, name: string, language = 'en'): Promise<{ slug: string; origin: string }> {
  const slug = attemptSlug(`console-${test.info().project.name}-${name}`);
  const origin = originOf(test.info(), slug);
  const demo = (await import('../../events/demo.event.json', { with: { type: 'json' } })).default as unknown as Record<string, unknown>;
  await importTestEvent(request, origin, slug, (file) => {
    file['language'] = language;
    const polls = structuredClone(demo['polls']) as Record<string, unknown>[];
    for (const poll of polls) {
      poll['accessKey'] = `${slug}-${String(poll['key'])}`;
      poll['open'] = false;
      for (const item of (poll['items'] ?? []) as Record<string, unknown>[]) delete item['accessKey'];
    }
    file['polls'] = polls;
    const users = file['users'] as Record<string, unknown>[];
    const attendee = users.find((u) => u['email'] === ATTENDEE.username)!;
    users.push({ ...attendee, email: POSTER.username, firstName: 'Pat', lastName: 'Poster', password: POSTER.password, ticketCode: `${slug}-poster` });
    (file['timeline'] as Record<string, unknown>[]).push({ key: 'spam', author: POSTER.username, createdAt: 'now-2m', message: SPAM, platforms: ['digital', 'webApp'] });
  });
  return { slug, origin };
}

export async function openConsole(page: Page, origin: string, slug: string): Promise<void> {
  await signIn(page, origin, slug, ORGANISER);
  await page.goto(`${origin}/console`);
  await islandsHydrated(page.locator('#main'));
}

export async function attendeeOnStage(browser: Browser, page: Page, origin: string, slug: string): Promise<Page> {
  const context = await browser.newContext({ viewport: page.viewportSize() ?? { width: 1280, height: 800 }, isMobile: isPhone(), reducedMotion: 'no-preference' });
  const attendee = await context.newPage();
  await signIn(attendee, origin, slug, ATTENDEE);
  await attendee.goto(`${origin}/stage`);
  await islandsHydrated(attendee.locator('#panel-timeline'));
  return attendee;
}


/** A poll's row on the console's Polls panel, found by its title (docs/console.md "The page"). */
export const pollRow = (page: Page, title: string): Locator =>
  page.locator('#console-polls [data-poll-id]').filter({ has: page.locator('summary', { hasText: title }) });

/** Unfolds a poll's row to its controls (one tap), unless it is unfolded already. */
export async function unfold(row: Locator): Promise<void> {
  const details = row.locator('details');
  if (await details.getAttribute('open') === null) await row.locator('summary').click();
  await expect(details).toHaveAttribute('open', '');
}
