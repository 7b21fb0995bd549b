import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { signIn } from './sign-in';
import { islandsHydrated, sponsorIdByName } from './sponsor-helpers';
import { attemptSlug, importTestEvent, originOf } from './stage-helpers';

const ORGANISER = { username: 'organiser@demo.test', password: 'demo-organiser-1' };

/** A fresh copy of the demo event, in `language`, for this test and project. */
async function peopleEvent(request: APIRequestContext, name: string, language = 'en'): Promise<{ slug: string; origin: string }> {
  const slug = attemptSlug(`people-${test.info().project.name}-${name}`);
  const origin = originOf(test.info(), slug);
  await importTestEvent(request, origin, slug, (file) => { file['language'] = language; });
  return { slug, origin };
}

async function openArea(page: Page, origin: string, slug: string, area: 'speakers' | 'sponsors'): Promise<void> {
  await signIn(page, origin, slug, ORGANISER);
  await page.goto(`${origin}/console/${area}`);
  await islandsHydrated(page);
}

/** A screenshot of the whole page for the review (`/tmp/console-<name>-<project>.png`). */
const shoot = (page: Page, name: string) => page.screenshot({ path: `/tmp/console-${name}-${test.info().project.name}.png`, fullPage: true });

test.describe('the console\'s speakers and sponsors', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the organiser edits a speaker\'s photo and the public speakers page shows it; a refused field is named beside it', async ({ page, browser, request }) => {
    const E = en.console;
    const { slug, origin } = await peopleEvent(request, 'photo');
    await openArea(page, origin, slug, 'speakers');
    await expect(page.getByRole('heading', { level: 2, name: E.speakers.title })).toBeVisible();
    await expect(page.getByRole('navigation', { name: E.areas.label }).getByRole('link', { name: E.areas.speakers })).toHaveAttribute('aria-current', 'page');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Edit Ingrid Solberg' }).click();
    const firstName = page.getByRole('textbox', { name: E.speakers.firstName });
    await expect(firstName).toHaveValue('Ingrid');
    await shoot(page, 'speakers');

    // A refused field: its error beside it, the field marked and focused.
    await firstName.fill('');
    await page.getByRole('button', { name: E.rows.save, exact: true }).click();
    await expect(page.getByText(E.speakers.errors.firstName)).toBeVisible();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(firstName).toBeFocused();
    await firstName.fill('Ingrid');

    const png = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#1f7a5c' } }).png().toBuffer();
    await page.getByLabel(E.speakers.photo).setInputFiles({ name: 'ingrid.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText(E.rows.uploaded)).toBeVisible();
    const photo = await page.getByRole('img', { name: E.rows.currentPicture }).getAttribute('src');
    expect(photo).toMatch(/^\/api\/asset\/uploads\/\d+\/[0-9a-f]{32}\.png$/);
    await expectNoSeriousA11yViolations(page);

    const visitor = await browser.newPage();
    await visitor.goto(`${origin}/speakersIframe`);
    const card = visitor.locator('article.speaker').filter({ hasText: 'Ingrid Solberg' });
    await expect(card.locator('img')).toHaveAttribute('src', photo!);
    await visitor.close();
  });

  test('a sponsor made in the console, with a contact picked among the attendees, shows in the attendees\' sponsor list, and is deleted after a question', async ({ page, browser, request }) => {
    const E = en.console;
    const { slug, origin } = await peopleEvent(request, 'sponsor');
    await openArea(page, origin, slug, 'sponsors');
    await expect(page.getByRole('heading', { level: 2, name: E.sponsors.title })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: E.sponsors.add }).click();
    await page.getByRole('textbox', { name: E.sponsors.name, exact: true }).fill('Fjord Robotics');
    await page.getByRole('checkbox', { name: 'Gold partners' }).check();
    await page.getByRole('searchbox', { name: E.sponsors.contactSearch }).fill('attendee@demo');
    await page.getByRole('button', { name: /^Add / }).filter({ hasNotText: E.sponsors.add }).first().click();
    await expect(page.getByRole('button', { name: /^Remove / }).first()).toBeVisible();
    await page.getByRole('button', { name: E.rows.save, exact: true }).click();
    await expect(page.getByText(E.rows.saved)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Fjord Robotics' })).toBeVisible();
    await shoot(page, 'sponsors');
    await expectNoSeriousA11yViolations(page);

    const attendee = await browser.newPage();
    await signIn(attendee, origin, slug);
    await attendee.goto(`${origin}/sponsor/${await sponsorIdByName(attendee, origin, slug, 'Nordvind Energy')}`);
    await islandsHydrated(attendee);
    await attendee.getByRole('button', { name: en.sponsors.seeAll }).click();
    await expect(attendee.getByRole('dialog', { name: en.sponsors.seeAllTitle }).getByText('Fjord Robotics')).toBeVisible();
    await attendee.close();

    // Deleting it asks first, then it leaves the console's list.
    await page.getByRole('button', { name: 'Delete Fjord Robotics' }).click();
    const dialog = page.getByRole('dialog', { name: E.sponsors.deleteTitle.replace('{{name}}', 'Fjord Robotics') });
    await expect(dialog).toContainText(E.sponsors.deleteText);
    await dialog.getByRole('button', { name: E.rows.delete, exact: true }).click();
    await expect(page.getByRole('button', { name: 'Edit Fjord Robotics' })).toHaveCount(0);
  });

  test('the organiser uploads a PDF to a sponsor in its form, the attendee finds it on the sponsor page, and it goes after a question', async ({ page, browser, request }) => {
    const E = en.console;
    const { slug, origin } = await peopleEvent(request, 'sponsor-documents');
    await openArea(page, origin, slug, 'sponsors');
    await page.getByRole('button', { name: 'Edit Nordvind Energy' }).click();
    const section = page.getByRole('region', { name: E.sponsors.documents });
    await expect(section).toContainText(E.sponsors.documentsHint);
    await section.getByRole('textbox', { name: E.sponsors.documentName }).fill('Wind farm fact sheet');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    await section.getByLabel(E.sponsors.documentFile).setInputFiles({ name: 'facts.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(section.getByRole('status')).toHaveText(E.sponsors.documentAdded);
    await expect(section.getByText('Wind farm fact sheet')).toBeVisible();
    // A file that is no document is refused beside the field, and nothing is added.
    const listed = await section.getByRole('button', { name: /^Edit / }).count();
    await section.getByLabel(E.sponsors.documentFile).setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just text') });
    await expect(section.getByText(E.sponsors.documentErrors.file)).toBeVisible();
    await expect(section.getByRole('button', { name: /^Edit / })).toHaveCount(listed);
    // Renamed from the keyboard: Enter saves the name, not the sponsor form.
    await section.getByRole('button', { name: 'Edit Wind farm fact sheet' }).click();
    const rename = section.getByRole('textbox', { name: E.sponsors.documentNewName, exact: true });
    await rename.fill('Wind farm facts');
    await rename.press('Enter');
    await expect(section.getByRole('status')).toHaveText(E.sponsors.documentRenamed);
    await expect(section.getByRole('heading', { name: E.sponsors.documentEditTitle.replace('{{name}}', 'Wind farm facts') })).toBeVisible();
    await shoot(page, 'sponsor-documents');
    await expectNoSeriousA11yViolations(page);

    const attendee = await browser.newPage();
    await signIn(attendee, origin, slug);
    const sponsorPage = `${origin}/sponsor/${await sponsorIdByName(attendee, origin, slug, 'Nordvind Energy')}`;
    await attendee.goto(sponsorPage);
    await islandsHydrated(attendee);
    await attendee.getByRole('tab', { name: en.sponsors.tabs.documents }).click();
    await expect(attendee.getByRole('tabpanel', { name: en.sponsors.tabs.documents }).getByText('Wind farm facts')).toBeVisible();

    // Deleting asks first; then the sponsor page no longer lists it.
    await section.getByRole('button', { name: 'Delete Wind farm facts' }).click();
    const dialog = page.getByRole('dialog', { name: E.sponsors.documentDeleteTitle.replace('{{name}}', 'Wind farm facts') });
    await expect(dialog).toContainText(E.sponsors.documentDeleteText);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: E.sponsors.documentDelete, exact: true }).click();
    await expect(section.getByRole('status')).toHaveText(E.sponsors.documentDeleted);
    await expect(section.getByRole('button', { name: /^Edit / })).toHaveCount(listed - 1);
    await attendee.goto(sponsorPage);
    await islandsHydrated(attendee);
    await attendee.getByRole('tab', { name: en.sponsors.tabs.documents }).click();
    const panel = attendee.getByRole('tabpanel', { name: en.sponsors.tabs.documents });
    await expect(panel.getByRole('link').first()).toBeVisible();
    await expect(panel.getByText('Wind farm facts')).toHaveCount(0);
    await attendee.close();
  });

  test('asks before leaving a changed form for another console area, and speaks Norwegian in an nb event', async ({ page, request }) => {
    const N = nb.console;
    const { slug, origin } = await peopleEvent(request, 'nb', 'nb');
    await openArea(page, origin, slug, 'speakers');
    await expect(page.getByRole('heading', { level: 2, name: N.speakers.title })).toBeVisible();
    await page.getByRole('button', { name: N.speakers.add }).click();
    await page.getByRole('textbox', { name: N.speakers.firstName }).fill('Kari');
    await page.getByRole('navigation', { name: N.areas.label }).getByRole('link', { name: N.areas.sponsors }).click();
    const dialog = page.getByRole('dialog', { name: N.rows.dropTitle });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: N.rows.drop }).click();
    await expect(page).toHaveURL(`${origin}/console/sponsors`);
    await expect(page.getByRole('heading', { level: 2, name: N.sponsors.title })).toBeVisible();
    await islandsHydrated(page);
    await expectNoSeriousA11yViolations(page);
  });
});
