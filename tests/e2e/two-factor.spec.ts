import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { chooseDigitalIfAsked, fillLogin, importTestEvent, waitForOutbox } from './login-helpers';

test('two-factor login sends a pin by SMS and logs in with it', async ({ page, request }) => {
  const event = await importTestEvent(request, { twoFactor: true, termsText: '' });
  await page.goto(`${event.origin}/login`);
  await fillLogin(page, event.email);
  await chooseDigitalIfAsked(page);
  const since = Date.now();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Enter your code' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel('Code').fill('12ab');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('The code has at least 6 digits')).toBeVisible();

  const sms = await waitForOutbox('twoFactorPin', since, (text) => text.includes(event.phone));
  const pin = /\b(\d{6})\b/.exec(sms)?.[1] ?? '';
  await dialog.getByLabel('Code').fill(pin);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/(webapp)?$/);
});

test('cancelling the pin is a failed login', { tag: '@desktop-only' }, async ({ page, request }) => {
  const event = await importTestEvent(request, { twoFactor: true });
  await page.goto(`${event.origin}/login`);
  await fillLogin(page, event.email);
  await chooseDigitalIfAsked(page);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter your code' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert')).toHaveText('Wrong e-mail address or password. Try again, or choose "Forgot password".');
});
