import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { chooseDigitalIfAsked, fillLogin, importTestEvent, waitForHydration, waitForOutbox } from './login-helpers';

test('a new password by e-mail arrives in the mail and logs in', async ({ page, request }) => {
  const event = await importTestEvent(request, { termsText: '' });
  await page.goto(`${event.origin}/login`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Forgot password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forgot password' });
  await dialog.getByLabel('E-mail', { exact: true }).fill('not-an-address');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Enter a valid e-mail address')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const since = Date.now();
  await dialog.getByLabel('E-mail', { exact: true }).fill(event.email);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('A new password has been sent to your e-mail.')).toBeVisible();
  // docs/product.md §4: one send per opening.
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  await page.keyboard.press('Escape');

  const mail = await waitForOutbox('newPassword', since, (text) => text.includes(event.email));
  const password = /new password is:\s+(\S+)/.exec(mail)?.[1] ?? '';
  await fillLogin(page, event.email, password);
  await chooseDigitalIfAsked(page);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/(webapp)?$/);
});

test('recovery by SMS checks the number and confirms in Norwegian', { tag: '@phone-only' }, async ({ page, request }) => {
  const event = await importTestEvent(request, { language: 'nb' });
  await page.goto(`${event.origin}/login`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Glemt passord' }).click();
  const dialog = page.getByRole('dialog', { name: 'Glemt passord' });
  await dialog.getByRole('radio', { name: 'På SMS' }).check();
  await dialog.getByLabel('Telefonnummer').fill('12 3');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Skriv inn et telefonnummer på minst 6 sifre')).toBeVisible();
  await dialog.getByLabel('Telefonnummer').fill(event.phone.slice(3));
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Et nytt passord er sendt på SMS.')).toBeVisible();
});
