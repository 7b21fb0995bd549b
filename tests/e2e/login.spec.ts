import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { chooseDigitalIfAsked, fillLogin, importTestEvent } from './login-helpers';

test('password login asks for the terms once, then lands by the routing rules', async ({ page, request, isMobile }) => {
  test.slow(); // two full logins (scrypt) and an axe run
  const event = await importTestEvent(request);
  await page.goto(`${event.origin}/login`);
  await fillLogin(page, event.email);
  await chooseDigitalIfAsked(page);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();

  const terms = page.getByRole('dialog', { name: 'Terms of service' });
  await expect(terms).toContainText('Be kind to each other.');
  await expectNoSeriousA11yViolations(page);
  await terms.getByRole('button', { name: 'Accept' }).click();
  // docs/product.md §2: 768 px or less goes to the web app; a wide screen choosing digital goes to the lobby.
  await expect(page).toHaveURL(isMobile ? /\/webapp$/ : /\/$/);

  await page.context().clearCookies();
  await page.goto(`${event.origin}/login`);
  await fillLogin(page, event.email);
  await chooseDigitalIfAsked(page);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(isMobile ? /\/webapp$/ : /\/$/);
});

test('declining the terms shows that they must be accepted and keeps the attendee out', { tag: '@desktop-only' }, async ({ page, request }) => {
  const event = await importTestEvent(request);
  await page.goto(`${event.origin}/login`);
  await fillLogin(page, event.email);
  await chooseDigitalIfAsked(page);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('dialog', { name: 'Terms of service' }).getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('alert')).toHaveText('You must accept the terms of service to use the event platform.');
  await page.goto(`${event.origin}/`);
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password says so', { tag: '@phone-only' }, async ({ page, request }) => {
  const event = await importTestEvent(request);
  await page.goto(`${event.origin}/login`);
  await fillLogin(page, event.email, 'not-the-password');
  await chooseDigitalIfAsked(page);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong e-mail address or password. Try again, or choose "Forgot password".');
});

test('a hybrid event asks wide screens to choose how they attend', { tag: '@desktop-only' }, async ({ page, request, isMobile }) => {
  test.skip(isMobile, 'the choice is offered on wide screens only');
  const event = await importTestEvent(request);
  await page.goto(`${event.origin}/login`);
  await fillLogin(page, event.email);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose how you attend.');
  await page.getByRole('radio', { name: 'In person' }).check();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('dialog', { name: 'Terms of service' }).getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/webapp$/);
});

test('in Norwegian the closed notice and the terms notice are in Norwegian', { tag: '@phone-only' }, async ({ page, request }) => {
  const closed = await importTestEvent(request, { language: 'nb', active: false });
  await page.goto(`${closed.origin}/login`);
  await expect(page.getByText('Dette arrangementet er stengt')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logg inn' })).toHaveCount(0);

  const event = await importTestEvent(request, { language: 'nb' });
  await page.goto(`${event.origin}/login`);
  await fillLogin(page, event.email);
  await chooseDigitalIfAsked(page);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await page.getByRole('dialog', { name: 'Vilkår for bruk' }).getByRole('button', { name: 'Avslå' }).click();
  await expect(page.getByRole('alert')).toHaveText('Du må godta vilkårene for å bruke arrangementsplattformen.');
});

test('Register opens the registration page and is hidden when registration is closed', { tag: '@desktop-only' }, async ({ page, request }) => {
  const open = await importTestEvent(request, { registrationOpen: true });
  await page.goto(`${open.origin}/login`);
  await expect(page.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  const closed = await importTestEvent(request);
  await page.goto(`${closed.origin}/login`);
  await expect(page.getByRole('link', { name: 'Register' })).toHaveCount(0);
});
