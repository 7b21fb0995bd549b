import type { Page } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { waitForOutbox } from './login-helpers';
import { signIn } from './sign-in';
import { islandsHydrated } from './sponsor-helpers';
import { attemptSlug, importTestEvent, originOf } from './stage-helpers';

const ORGANISER = { username: 'organiser@demo.test', password: 'demo-organiser-1' };

/** `{{name}}` filled in, as the island's translate does. */
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

/** A CSV of 200 attendees as a Norwegian spreadsheet saves it (`;`, a BOM, quoted cells); `broken` rows spoil one field each. */
function attendeesCsv(slug: string, broken: boolean): string {
  const lines = ['\uFEFFfirstName;lastName;email;company;jobTitle'];
  for (let i = 0; i < 200; i += 1) {
    const email = broken && i === 10 ? 'guest10-at-nowhere' : `guest${i}@${slug}.test`;
    const lastName = broken && i === 150 ? '' : 'Gjest';
    lines.push(`Gjest ${i};${lastName};${email};"Fjord; Co ${i}";Analyst`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A screenshot of the whole page for the review (`/tmp/console-people-<name>-<project>.png`). */
const shoot = (page: Page, name: string) => page.screenshot({ path: `/tmp/console-people-${name}-${test.info().project.name}.png`, fullPage: true });

for (const [language, L] of [['en', en], ['nb', nb]] as const) {
  test(`the organiser imports 200 attendees, is refused while two rows are bad, and a new attendee logs in with the mailed link (${language})`, async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const P = L.console.people;
    const slug = attemptSlug(`people-${language}-${test.info().project.name}`);
    const origin = originOf(test.info(), slug);
    await importTestEvent(request, origin, slug, (file) => { file['language'] = language; });
    await signIn(page, origin, slug, ORGANISER);
    await page.goto(`${origin}/console/people`);
    await islandsHydrated(page);
    await expect(page.getByRole('heading', { level: 2, name: P.title, exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: L.console.areas.label }).getByRole('link', { name: L.console.areas.people })).toHaveAttribute('aria-current', 'page');
    await expectNoSeriousA11yViolations(page);
    await shoot(page, `list-${language}`);

    // Two bad rows: both named with their row and field, and nothing can be imported.
    const file = page.getByLabel(P.importFile);
    await file.setInputFiles({ name: 'attendees.csv', mimeType: 'text/csv', buffer: Buffer.from(attendeesCsv(slug, true)) });
    const refusal = page.getByRole('alert').filter({ hasText: fill(P.refused, { count: 2 }) });
    await expect(refusal).toBeVisible();
    await expect(refusal.getByRole('listitem')).toHaveText([
      fill(P.rowError, { row: 12, field: P.email, message: P.errors.email }),
      fill(P.rowError, { row: 152, field: P.lastName, message: P.errors.lastName }),
    ]);
    await expect(page.getByRole('button', { name: fill(P.importButton, { total: 200 }) })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await shoot(page, `refused-${language}`);
    const search = async (text: string) => {
      await page.getByRole('searchbox', { name: P.search }).fill(text);
      await page.getByRole('button', { name: P.searchButton, exact: true }).click();
    };
    await search(`@${slug}.test`);
    await expect(page.getByText(fill(P.found_other, { count: 0, q: `@${slug}.test` }))).toBeVisible();

    // The fixed file: previewed, imported with its progress, all 200 listed.
    await file.setInputFiles({ name: 'attendees.csv', mimeType: 'text/csv', buffer: Buffer.from(attendeesCsv(slug, false)) });
    await expect(page.getByText(fill(P.previewCounts, { total: 200, created: 200, updated: 0, unchanged: 0 }))).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Fjord; Co 0' })).toBeVisible();
    await page.getByRole('button', { name: fill(P.importButton, { total: 200 }) }).click();
    await expect(page.getByRole('status').filter({ hasText: fill(P.imported, { created: 200, updated: 0, unchanged: 0 }) })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveAttribute('value', '200');
    await search(`@${slug}.test`);
    await expect(page.getByText(fill(P.found_other, { count: 200, q: `@${slug}.test` }))).toBeVisible();
    await shoot(page, `imported-${language}`);

    // One of them gets a login link by e-mail and logs in with it.
    const email = `guest7@${slug}.test`;
    await search(email);
    await page.getByRole('button', { name: fill(L.console.rows.editOf, { name: 'Gjest 7 Gjest' }) }).click();
    await expect(page.getByRole('textbox', { name: P.email })).toHaveValue(email);
    const since = Date.now();
    await page.getByRole('button', { name: P.sendLink }).click();
    await expect(page.getByRole('status').filter({ hasText: fill(P.linkSent, { email }) })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shoot(page, `person-${language}`);

    const mail = await waitForOutbox('loginLink', since, (text) => text.includes(email));
    const link = /https?:\/\/\S+\/login\/otp\/[\w-]+/.exec(mail)?.[0] ?? '';
    expect(link).not.toBe('');
    const guest = await browser.newPage();
    await guest.goto(link);
    await guest.getByRole('dialog', { name: L.terms.title }).getByRole('button', { name: L.terms.accept }).click();
    await expect(guest).not.toHaveURL(/\/login/);
    // The web app keeps the session's tokens in storage (islands/login/token-storage.ts): ask who they belong to.
    const me = await guest.evaluate(async (eventSlug) => {
      const stored = Object.keys(localStorage).map((key) => localStorage.getItem(key) ?? '').find((value) => value.includes('access_token'));
      const token = stored ? (JSON.parse(stored) as { access_token: string }).access_token : '';
      const answer = await fetch(`/api/liveEvent/${eventSlug}/getOwnUserInfoFromSession`, { headers: { authorization: `Bearer ${token}` } });
      return (await answer.json()) as { userModuleResult?: { Email?: string } };
    }, slug);
    expect(me.userModuleResult?.Email).toBe(email);
    await guest.close();
  });
}
