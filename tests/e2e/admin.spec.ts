import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { waitForHydration, waitForOutbox } from './login-helpers';

/*
 * The operator's page, /admin (docs/operations.md "The operator's page"): reached on a host that
 * names no event; the e2e server runs with ADMIN_TOKEN 'e2e-admin-token' (playwright.config.ts).
 */

const TOKEN = 'e2e-admin-token';
const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
const port = () => new URL(test.info().project.use.baseURL ?? '').port;
const adminOrigin = () => `http://admin.localhost:${port()}`;
/** A slug of this test's own (a run's projects share one server). */
const slugOf = (name: string) => `ops-${name}-${test.info().project.name}-${Date.now().toString(36)}`;

/** With ADMIN_SHOTS naming a folder, the page is saved there at each step, to be looked at. */
async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env['ADMIN_SHOTS'];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/admin-${test.info().project.name}-${name}.png`, fullPage: true });
}

async function openAdmin(page: Page, query = ''): Promise<void> {
  await page.goto(`${adminOrigin()}/admin${query}`);
  await waitForHydration(page);
}

test('the operator logs in with the admin token, creates an event and invites its organiser, who reaches its console', async ({ page, browser }) => {
  const A = en.admin;
  await openAdmin(page);
  await expect(page.getByRole('heading', { level: 1, name: A.title })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A wrong token is refused next to its field, and the token never appears in the address.
  const token = page.getByLabel(A.signIn.token, { exact: true });
  await token.fill('not-the-token');
  await page.getByRole('button', { name: A.signIn.submit }).click();
  await expect(page.getByText(A.signIn.wrongToken)).toBeVisible();
  await expect(token).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'wrong-token');

  await token.fill(TOKEN);
  await token.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: A.events.title })).toBeVisible();
  expect(page.url()).not.toContain(TOKEN);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'ep_admin');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  expect(cookie?.value).not.toContain(TOKEN);

  // A new event: the host follows the slug; a wrong end is refused beside its field.
  const slug = slugOf('new');
  const name = `Operator event ${slug}`;
  const form = page.locator('form', { has: page.getByRole('button', { name: A.create.submit }) });
  await form.getByLabel(A.create.name, { exact: true }).fill(name);
  await form.getByLabel(A.create.slug, { exact: true }).fill(slug);
  await expect(form.getByLabel(A.create.host, { exact: true })).toHaveValue(`${slug}.localhost:${port()}`);
  await form.getByLabel(A.create.start, { exact: true }).fill('2027-05-04T09:00');
  await form.getByLabel(A.create.end, { exact: true }).fill('2027-05-04T08:00');
  await form.getByRole('button', { name: A.create.submit }).click();
  await expect(form.getByText(A.errors.end)).toBeVisible();
  await expect(form.getByLabel(A.create.end, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel(A.create.end, { exact: true }).fill('2027-05-05T17:00');
  await form.getByRole('button', { name: A.create.submit }).click();
  await expect(form.getByText(fill(A.create.created, { name }))).toBeVisible();

  const row = page.getByRole('listitem', { name });
  await expect(row).toContainText(fill(A.events.attendees_other, { count: 0 }));
  await expect(row.getByRole('link', { name: fill(A.events.exportLabel, { name }) })).toHaveAttribute('href', `/api/admin/events/${slug}/export`);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'created');

  // The first organiser, invited by e-mail.
  await row.getByText(A.invite.title).click();
  const email = `${slug}@organiser.test`;
  await row.getByLabel(A.invite.firstName, { exact: true }).fill('Olga');
  await row.getByLabel(A.invite.lastName, { exact: true }).fill('Operator');
  await row.getByLabel(A.invite.email, { exact: true }).fill(email);
  const since = Date.now();
  await row.getByRole('button', { name: A.invite.submit }).click();
  await expect(row.getByText(fill(A.invite.sent, { email }))).toBeVisible();
  await expect(row).toContainText(fill(A.events.attendees_one, { count: 1 }));
  await shoot(page, 'invited');

  // The organiser opens the mailed login link, on the new event's host, and reaches its console.
  const mail = await waitForOutbox('loginLink', since, (text) => text.includes(email));
  const link = /https?:\/\/\S+\/login\/otp\/[\w-]+/.exec(mail)?.[0] ?? '';
  expect(new URL(link).host).toBe(`${slug}.localhost:${port()}`);
  const organiser = await browser.newContext();
  const organiserPage = await organiser.newPage();
  await organiserPage.goto(link);
  await expect(organiserPage).not.toHaveURL(/\/login\//);
  await organiserPage.goto(`http://${slug}.localhost:${port()}/console`);
  await expect(organiserPage.getByRole('heading', { level: 1, name: new RegExp(en.console.title) })).toBeVisible();
  await organiser.close();

  // A session that ended (the cookie gone) sends the operator back to the token, saying so.
  await page.context().clearCookies({ name: 'ep_admin' });
  await row.getByLabel(A.invite.email, { exact: true }).fill(email);
  await row.getByLabel(A.invite.firstName, { exact: true }).fill('Olga');
  await row.getByLabel(A.invite.lastName, { exact: true }).fill('Operator');
  await row.getByRole('button', { name: A.invite.submit }).click();
  await expect(page.getByText(A.errors.sessionEnded)).toBeVisible();
  await page.getByLabel(A.signIn.token, { exact: true }).fill(TOKEN);
  await page.getByRole('button', { name: A.signIn.submit }).click();

  // Logging out ends the page's session.
  await page.getByRole('button', { name: A.signOut }).click();
  await expect(page.getByLabel(A.signIn.token, { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(A.signIn.token, { exact: true })).toBeVisible();
});

test.describe('in Norwegian', () => {
  test.use({ locale: 'nb-NO' });

  test('the page speaks the browser\'s language, refuses a wrong token and imports an exported event file', async ({ page }) => {
    const A = nb.admin;
    await openAdmin(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
    await expect(page.getByRole('heading', { level: 1, name: A.title })).toBeVisible();
    await page.getByLabel(A.signIn.token, { exact: true }).fill('feil-nøkkel');
    await page.getByRole('button', { name: A.signIn.submit }).click();
    await expect(page.getByText(A.signIn.wrongToken)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'nb-wrong-token');

    await page.getByLabel(A.signIn.token, { exact: true }).fill(TOKEN);
    await page.getByRole('button', { name: A.signIn.submit }).click();
    const slug = slugOf('nb');
    const name = `Arrangement ${slug}`;
    const form = page.locator('form', { has: page.getByRole('button', { name: A.create.submit }) });
    await form.getByLabel(A.create.name, { exact: true }).fill(name);
    await form.getByLabel(A.create.slug, { exact: true }).fill(slug);
    await form.getByLabel(A.create.start, { exact: true }).fill('2027-06-01T09:00');
    await form.getByLabel(A.create.end, { exact: true }).fill('2027-06-01T16:00');
    await form.getByRole('button', { name: A.create.submit }).click();
    await expect(form.getByText(fill(A.create.created, { name }))).toBeVisible();

    // The same slug again is refused beside its field.
    await form.getByLabel(A.create.name, { exact: true }).fill(name);
    await form.getByLabel(A.create.slug, { exact: true }).fill(slug);
    await form.getByLabel(A.create.start, { exact: true }).fill('2027-06-01T09:00');
    await form.getByLabel(A.create.end, { exact: true }).fill('2027-06-01T16:00');
    await form.getByRole('button', { name: A.create.submit }).click();
    await expect(form.getByText(A.errors.slugTaken)).toBeVisible();

    // Its file, exported and imported again, is taken.
    const row = page.getByRole('listitem', { name });
    const download = page.waitForEvent('download');
    await row.getByRole('link', { name: fill(A.events.exportLabel, { name }) }).click();
    const file = await (await download).path();
    const importForm = page.locator('form', { has: page.getByRole('button', { name: A.importFile.submit }) });
    await importForm.getByRole('button', { name: A.importFile.submit }).click();
    await expect(importForm.getByText(A.importFile.missing)).toBeVisible();
    await importForm.getByLabel(A.importFile.file, { exact: true }).setInputFiles(file);
    await importForm.getByRole('button', { name: A.importFile.submit }).click();
    await expect(importForm.getByText(fill(A.importFile.done, { slug }))).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'nb-imported');
  });

  test('the English switch overrides the browser\'s language', { tag: '@desktop-only' }, async ({ page }) => {
    await openAdmin(page);
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: en.admin.title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
