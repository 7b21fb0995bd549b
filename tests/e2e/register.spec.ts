import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { chooseDigitalIfAsked, importTestEvent, waitForHydration, waitForOutbox } from './login-helpers';

// Registration, mail and login in one test on a busy two-core machine: allow for it.
test.describe.configure({ timeout: 60_000 });

let counter = 0;
const newAddress = (slug: string) => `reg${(counter += 1)}-${Date.now().toString(36)}@${slug}.test`;

/** Fills the sign-up form (labels in English or Norwegian). */
async function fillSignUp(scope: Page | Locator, email: string, password: string | null) {
  await scope.getByLabel(/^(First name|Fornavn)$/).fill('Kari');
  await scope.getByLabel(/^(Last name|Etternavn)$/).fill('Nordmann');
  await scope.getByLabel(/^(E-mail|E-post)$/).fill(email);
  await scope.getByLabel(/^(Company|Firma)$/).fill('Fjord AS');
  await scope.getByLabel(/^(Job title|Stilling)$/).fill('Utvikler');
  if (password === null) await scope.getByRole('radio', { name: /^(Send me a login link by e-mail|Send meg en innloggingslenke på e-post)$/ }).check();
  else await scope.getByLabel(/^(Password|Passord) \(/).fill(password);
}

test('registers at phone width in Norwegian, opens the mail and lands signed in', { tag: '@phone-only' }, async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone-width flow');
  const event = await importTestEvent(request, { language: 'nb', registrationOpen: true });
  await page.goto(`${event.origin}/login`);
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Registrer deg' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrer deg' });
  await expect(dialog.getByText('Be kind to each other.')).toBeVisible();

  const email = newAddress(event.slug);
  await fillSignUp(dialog, email, null);
  await dialog.getByRole('button', { name: 'Registrer deg' }).click();
  await expect(dialog.getByText('Du må godta vilkårene')).toBeVisible();
  const accept = dialog.getByRole('checkbox', { name: 'Jeg godtar vilkårene' });
  await expect(accept).toBeFocused();
  const since = Date.now();
  await accept.check();
  await dialog.getByRole('button', { name: 'Registrer deg' }).click();
  await expect(dialog.getByText(`Takk! Vi har sendt en e-post til ${email}.`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const mail = await waitForOutbox('registration-confirmed', since, (text) => text.includes(email));
  expect(mail).toContain('Hei Kari');
  const link = /https?:\/\/\S+\/login\/otp\/[\w-]+/.exec(mail)?.[0] ?? '';
  await page.goto(link);
  // The terms were accepted on the form, so no terms dialog: straight into the web app (≤ 768 px).
  await expect(page).toHaveURL(/\/webapp$/);
});

test('registers without JavaScript: the server checks the form and keeps what was typed', async ({ browser, request, consoleErrors }) => {
  const event = await importTestEvent(request, { registrationOpen: true });
  // axe runs in the page, so the page is checked with JavaScript first.
  const withScript = await browser.newContext();
  const checked = await withScript.newPage();
  await checked.goto(`${event.origin}/register`);
  await expectNoSeriousA11yViolations(checked);
  await withScript.close();

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // Without JavaScript the server answers a form with errors 400 and renders it again: on purpose.
  consoleErrors.allow(/status of 400 .*\/register\)$/);
  await page.goto(`${event.origin}/register`);
  const email = newAddress(event.slug);
  await fillSignUp(page, email, 'a long password');
  await page.getByLabel('Last name').fill('');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Enter your last name')).toBeVisible();
  await expect(page.getByText('You must accept the terms')).toBeVisible();
  await expect(page.getByLabel('Company')).toHaveValue('Fjord AS');
  await expect(page.getByLabel(/^Password/)).toHaveValue('');

  const since = Date.now();
  await page.getByLabel('Last name').fill('Nordmann');
  await page.getByLabel(/^Password/).fill('a long password');
  await page.getByRole('checkbox', { name: 'I accept the terms' }).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(`Thank you! We have sent an e-mail to ${email}.`)).toBeVisible();
  await waitForOutbox('registration-confirmed', since, (text) => text.includes(email));
  await context.close();
});

test('deletes the account from the profile, after which logging in fails', { tag: '@desktop-only' }, async ({ page, request, isMobile }) => {
  const event = await importTestEvent(request, { registrationOpen: true, termsText: '' });
  const email = newAddress(event.slug);
  await page.goto(`${event.origin}/register`);
  await waitForHydration(page);
  const since = Date.now();
  await fillSignUp(page, email, 'a long password');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(/^Thank you!/)).toBeVisible();

  // The chosen password works once the mailed link proved the address: the link signs the attendee in.
  const mail = await waitForOutbox('registration-confirmed', since, (text) => text.includes(email));
  await page.goto(/https?:\/\/\S+\/login\/otp\/[\w-]+/.exec(mail)?.[0] ?? '');
  await page.waitForURL(/\/(webapp)?$/);

  const login = async () => {
    await page.goto(`${event.origin}/login`);
    await waitForHydration(page);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('a long password');
    await chooseDigitalIfAsked(page);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
  };
  await page.goto(`${event.origin}/`);
  await waitForHydration(page);
  await page.getByRole('button', { name: /^Profile menu for/ }).click();
  await page.getByRole('button', { name: 'Profile', exact: true }).click();
  const profile = page.getByRole('dialog', { name: 'Profile' });
  if (!isMobile) await profile.getByRole('tab', { name: 'Privacy' }).click();
  await profile.getByRole('button', { name: 'Delete my account' }).click();

  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(confirm.getByRole('button', { name: 'Keep my account' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Delete my account for good' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await login();
  await expect(page.getByText('Wrong e-mail address or password. Try again, or choose "Forgot password".')).toBeVisible();
});
