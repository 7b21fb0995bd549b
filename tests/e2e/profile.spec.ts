import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { chooseDigitalIfAsked, fillLogin, importTestEvent, reimportEvent, waitForHydration, type TestEvent } from './login-helpers';

// A 1×1 PNG: enough for the avatar upload path (the server re-encodes it).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function loginAndOpenProfile(page: Page, event: TestEvent) {
  await page.goto(`${event.origin}/login`);
  await fillLogin(page, event.email);
  await chooseDigitalIfAsked(page);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(/\/(webapp)?$/);
  // The profile opens from the lobby navbar's avatar menu.
  await page.goto(`${event.origin}/`);
  await waitForHydration(page);
  await page.getByRole('button', { name: /^Profile menu for/ }).click();
  await page.getByRole('button', { name: 'Profile', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile' });
  await expect(dialog.getByText('Ada Lovelace')).toBeVisible();
  return dialog;
}

test('profile edit checks the fields, saves, and keeps e-mail and phone read-only', async ({ page, request, isMobile }) => {
  const event = await importTestEvent(request, { termsText: '' });
  const dialog = await loginAndOpenProfile(page, event);
  await expectNoSeriousA11yViolations(page);
  if (!isMobile) await dialog.getByRole('tab', { name: 'Edit profile' }).click();

  await expect(dialog.getByLabel('E-mail')).toHaveAttribute('readonly', '');
  await expect(dialog.getByLabel('Phone')).toHaveAttribute('readonly', '');
  await dialog.getByLabel('First name').fill('');
  await expect(dialog.getByText('Enter your first name')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('About').fill('Hi');
  await expect(dialog.getByText('About must be at least 4 characters')).toBeVisible();

  await dialog.getByLabel('First name').fill('Augusta');
  await dialog.getByLabel('About').fill('Writes the first programs.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Your profile is saved.')).toBeVisible();
  await expect(dialog.getByText('Augusta Lovelace')).toBeVisible();
});

test('avatar upload shows the new picture, the ticket shows its QR code, and logout returns to login', { tag: '@phone-only' }, async ({ page, request, isMobile }) => {
  const event = await importTestEvent(request, { termsText: '' });
  const dialog = await loginAndOpenProfile(page, event);

  await dialog.getByLabel(/Upload picture|Change picture/).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByRole('img', { name: 'Picture of Ada Lovelace' })).toHaveAttribute('src', /^(blob:|\/api\/asset\/)/);
  await expect(dialog.getByText('The picture could not be uploaded.')).toHaveCount(0);

  if (!isMobile) await dialog.getByRole('tab', { name: 'My ticket' }).click();
  await expect(dialog.getByRole('img', { name: `QR code of your ticket T-${event.slug}` }).locator('svg')).toBeVisible();

  await dialog.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const stored = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('ep.tokens.')));
  expect(stored).toEqual([]);
});

test('My groups lists the attendee\'s groups and follows a change of membership while the profile is open', { tag: '@desktop-only' }, async ({ page, request, isMobile }) => {
  const crew = { key: 'crew', name: 'Crew', public: true, members: [] as string[] };
  const event = await importTestEvent(request, { termsText: '', groups: [crew] });
  crew.members.push(event.email);
  event.file['groups'] = [crew];
  await reimportEvent(request, event.file);
  const dialog = await loginAndOpenProfile(page, event);
  if (!isMobile) await dialog.getByRole('tab', { name: 'My groups' }).click();
  const groups = dialog.getByRole('list').filter({ hasText: 'Crew' });
  await expect(groups.getByRole('listitem')).toHaveText(['Crew']);

  // The organiser adds a group with the attendee in it; the open profile shows it without reloading.
  event.file['groups'] = [crew, { key: 'press', name: 'Press', public: false, members: [event.email] }];
  await reimportEvent(request, event.file);
  await expect(groups.getByRole('listitem')).toHaveText(['Crew', 'Press'], { timeout: 10_000 });
});
