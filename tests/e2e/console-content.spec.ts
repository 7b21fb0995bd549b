import type { APIRequestContext, Page } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { ORGANISER } from './console-helpers';
import { expect, test } from './fixtures';
import { signIn } from './sign-in';
import { islandsHydrated } from './sponsor-helpers';
import { attemptSlug, importTestEvent, openStageTab, originOf } from './stage-helpers';

/** A fresh copy of the demo event, in `language`, for this test and project. */
async function contentEvent(request: APIRequestContext, name: string, language = 'en'): Promise<{ slug: string; origin: string }> {
  const slug = attemptSlug(`content-ui-${test.info().project.name}-${name}`);
  const origin = originOf(test.info(), slug);
  await importTestEvent(request, origin, slug, (file) => { file['language'] = language; });
  return { slug, origin };
}

async function openContent(page: Page, origin: string, slug: string): Promise<void> {
  await signIn(page, origin, slug, ORGANISER);
  await page.goto(`${origin}/console/content`);
  await islandsHydrated(page);
}

/** A screenshot of the whole page for the review (`/tmp/console-<name>-<project>.png`). */
const shoot = (page: Page, name: string) => page.screenshot({ path: `/tmp/console-${name}-${test.info().project.name}.png`, fullPage: true });

/** The smallest file the server takes as a PDF (it reads the bytes, not the name). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test.describe('the console\'s content', () => {
  test.describe.configure({ timeout: 150_000 });

  test('an information page with an attendee\'s {{Field}} reads personalised on the stage; a refused heading is named beside it', async ({ page, browser, request }) => {
    const E = en.console;
    const { slug, origin } = await contentEvent(request, 'page');
    await openContent(page, origin, slug);
    await expect(page.getByRole('heading', { level: 2, name: E.content.pages.title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: E.content.documents.title })).toBeVisible();
    await expect(page.getByRole('navigation', { name: E.areas.label }).getByRole('link', { name: E.areas.content })).toHaveAttribute('aria-current', 'page');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: E.content.pages.add }).click();
    // No heading: the server's 400 names the field, and its error stands beside it, focused.
    await page.getByRole('button', { name: E.rows.save, exact: true }).click();
    const heading = page.getByRole('textbox', { name: E.content.pages.heading });
    await expect(page.getByText(E.content.pages.errors.heading)).toBeVisible();
    await expect(heading).toHaveAttribute('aria-invalid', 'true');
    await expect(heading).toBeFocused();

    await heading.fill('Your badge');
    await expect(page.getByRole('checkbox', { name: E.content.platform.digital })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: E.content.platform.webApp })).toBeChecked();
    const body = page.getByRole('textbox', { name: E.content.pages.body });
    await body.fill('<p>Hello ');
    await page.getByRole('button', { name: 'Insert {{Firstname}}' }).click();
    await expect(body).toBeFocused();
    await page.keyboard.type(', your badge waits at the desk.</p>');
    await expect(body).toHaveValue('<p>Hello {{Firstname}}, your badge waits at the desk.</p>');
    // The preview shows the text as attendees will, and runs nothing of it.
    await body.fill(`${await body.inputValue()}<script>window.ran = true</script><p><a href="javascript:window.ran = true">More</a></p>`);
    await page.getByText(E.content.pages.preview, { exact: true }).click();
    const preview = page.getByRole('region', { name: 'Preview of Your badge' });
    await expect(preview.getByText('Hello {{Firstname}}, your badge waits at the desk.')).toBeVisible();
    await expect(preview.locator('script')).toHaveCount(0);
    await expect(preview.locator('a', { hasText: 'More' })).not.toHaveAttribute('href');
    await page.getByRole('button', { name: E.rows.save, exact: true }).click();
    await expect(page.getByText(E.rows.saved)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Your badge' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'content');

    const attendee = await browser.newPage();
    await signIn(attendee, origin, slug);
    await attendee.goto(`${origin}/stage`);
    const panel = await openStageTab(attendee, 'info');
    await panel.getByRole('button', { name: 'Your badge' }).click();
    await expect(panel.getByText('Hello Alex, your badge waits at the desk.')).toBeVisible();
    await attendee.close();
  });

  test('a PDF uploaded with its name, then replaced and renamed, shows on the attendees\' documents tab; a file that is no PDF is refused beside its field', async ({ page, browser, request }) => {
    const E = en.console;
    const { slug, origin } = await contentEvent(request, 'document');
    await openContent(page, origin, slug);
    await page.getByRole('button', { name: E.content.documents.add }).click();
    const file = page.getByLabel(E.content.documents.file, { exact: true });
    // A file that only claims to be a PDF: the server reads its bytes and names the field.
    await file.setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some notes') });
    await page.getByRole('button', { name: E.rows.save, exact: true }).click();
    await expect(page.getByText(E.content.documents.errors.file)).toBeVisible();
    await expect(file).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('textbox', { name: E.content.documents.name, exact: true }).fill('');
    await file.setInputFiles({ name: 'venue-guide.pdf', mimeType: 'application/pdf', buffer: PDF });
    const name = page.getByRole('textbox', { name: E.content.documents.name, exact: true });
    await expect(name).toHaveValue('venue-guide');
    await name.fill('Venue guide');
    await page.getByRole('button', { name: E.rows.save, exact: true }).click();
    await expect(page.getByText(E.rows.saved)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Venue guide' })).toBeVisible();
    const open = page.getByRole('link', { name: 'Open Venue guide' });
    await expect(open).toHaveAttribute('href', /^\/api\/asset\/uploads\/\d+\/[0-9a-f]{32}\.pdf$/);
    const first = await open.getAttribute('href');
    // A new file replaces the old at once; the name stays.
    await page.getByLabel(E.content.documents.replaceFile, { exact: true }).setInputFiles({ name: 'guide-v2.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([PDF, Buffer.from('% v2\n')]) });
    await expect(page.getByText(E.content.documents.replaced)).toBeVisible();
    await expect(open).not.toHaveAttribute('href', first!);
    // Renamed: its row and the attendees' tab say the new name.
    await name.fill('Venue guide 2027');
    await page.getByRole('button', { name: E.rows.save, exact: true }).click();
    await expect(page.getByRole('button', { name: 'Edit Venue guide 2027' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'content-document');

    const attendee = await browser.newPage();
    await signIn(attendee, origin, slug);
    await attendee.goto(`${origin}/stage`);
    const panel = await openStageTab(attendee, 'documents');
    await expect(panel.getByText('Venue guide 2027')).toBeVisible();
    await attendee.close();
  });

  test('in Norwegian: a page is moved up from the keyboard and deleted after a question', async ({ page, request }) => {
    const N = nb.console;
    const { slug, origin } = await contentEvent(request, 'nb', 'nb');
    await openContent(page, origin, slug);
    await expect(page.getByRole('heading', { level: 2, name: N.content.pages.title })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const pages = page.getByRole('region', { name: N.content.pages.title }).getByRole('listitem');
    const count = await pages.count();
    expect(count).toBeGreaterThan(1);
    const last = (await pages.nth(count - 1).locator('.console-name').textContent())!;
    const up = page.getByRole('button', { name: N.rows.moveUp.replace('{{name}}', last) });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect(pages.nth(count - 2).locator('.console-name')).toHaveText(last);

    await page.getByRole('button', { name: N.rows.editOf.replace('{{name}}', last) }).click();
    await expect(page.getByRole('textbox', { name: N.content.pages.heading })).toHaveValue(last);
    await expect(page.getByRole('group', { name: N.content.platforms })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: N.content.documents.title })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: N.rows.deleteOf.replace('{{name}}', last) }).click();
    const dialog = page.getByRole('dialog', { name: N.content.pages.deleteTitle.replace('{{name}}', last) });
    await expect(dialog).toContainText(N.content.pages.deleteText);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: N.rows.delete, exact: true }).click();
    await expect(pages).toHaveCount(count - 1);
    await expect(page.getByRole('textbox', { name: N.content.pages.heading })).toHaveCount(0);
    await shoot(page, 'content-nb');
  });
});
