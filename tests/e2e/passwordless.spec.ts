import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { importTestEvent, insertLoginLink, waitForHydration, waitForOutbox } from './login-helpers';

test('an expired link offers a new one, which arrives by e-mail and logs in to the web app', async ({ page, request }) => {
  const event = await importTestEvent(request);
  const expired = insertLoginLink(event, { isExpired: true });
  await page.goto(`${event.origin}/login/otp/${expired}`);
  const again = page.getByRole('link', { name: 'The login link has expired. Request a new one below.' });
  await expect(again).toBeVisible();
  // The heading says so too, and no longer that it is logging in.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This login link has expired');
  await expect(page).toHaveTitle(/^This login link has expired · /);
  await expectNoSeriousA11yViolations(page);
  await again.click();

  await expect(page).toHaveURL(new RegExp(`/login/otp/request/${expired}$`));
  await waitForHydration(page);
  const since = Date.now();
  const byEmail = page.getByRole('button', { name: 'Send by e-mail' });
  await byEmail.click();
  await expect(page.getByText('A new link is on its way.')).toBeVisible();
  await expect(byEmail).toBeDisabled();

  const mail = await waitForOutbox('loginLink', since, (text) => text.includes(event.email));
  const link = /https?:\/\/\S+\/login\/otp\/[\w-]+/.exec(mail)?.[0] ?? '';
  await page.goto(link);
  await page.getByRole('dialog', { name: 'Terms of service' }).getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/webapp$/);
});

test('a live link logs in at once with the otp query and the public flag', { tag: '@phone-only' }, async ({ page, request }) => {
  const event = await importTestEvent(request, { termsText: '' });
  const token = insertLoginLink(event, { isExpired: false });
  await page.goto(`${event.origin}/login/otp/any-payload?otp=${token}&public=0`);
  await expect(page).toHaveURL(/\/webapp$/);
});

test('a failed request for a new link says to contact support', { tag: '@desktop-only' }, async ({ page, request }) => {
  const event = await importTestEvent(request, { language: 'nb' });
  await page.goto(`${event.origin}/login/otp/request/unknown-payload`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Send på e-post' }).click();
  await expect(page.getByText('Vi kunne ikke sende en ny lenke. Prøv igjen om litt, og kontakt brukerstøtte hvis det fortsatt ikke virker.')).toBeVisible();
});
