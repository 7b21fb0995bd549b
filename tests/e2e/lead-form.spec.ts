import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { islandsHydrated } from './sponsor-helpers';
import { attemptSlug, importTestEvent, originOf } from './stage-helpers';

test.describe('public lead form', () => {
  test('a visitor without a login sends a lead after fixing the fields', async ({ page }) => {
    await page.goto('/sponsor/1/contactForm');
    await expect(page).toHaveURL(/\/sponsor\/1\/contactForm$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Nordvind Energy' })).toBeVisible();
    await islandsHydrated(page);
    await page.getByLabel(/^E-mail/).fill('not-an-address');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Enter your first name')).toBeVisible();
    await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
    await expect(page.getByText('The message must be at least 4 characters')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel(/^First name/).fill('Vera');
    await page.getByLabel(/^Last name/).fill('Visitor');
    await page.getByLabel(/^E-mail/).fill('');
    await page.getByLabel(/^Company/).fill('Fjord Labs');
    await page.getByLabel(/^Message/).fill('Please call me about Flex.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await expect(page.getByText('Your message has been sent to Nordvind Energy.')).toBeVisible();
  });

  test('works as a plain form without JavaScript', { tag: '@desktop-only' }, async ({ browser, consoleErrors }) => {
    // Without JavaScript the server answers a form with errors 400 and renders it again: on purpose.
    consoleErrors.allow(/status of 400 .*\/contactForm\)$/);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL ?? '' });
    const page = await context.newPage();
    await page.goto('/sponsor/2/contactForm');
    await page.getByLabel(/^First name/).fill('Noel');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Enter your last name')).toBeVisible();
    await expect(page.getByLabel(/^First name/)).toHaveValue('Noel');
    await page.getByLabel(/^Last name/).fill('Script');
    await page.getByLabel(/^Company/).fill('Static AS');
    await page.getByLabel(/^Message/).fill('No JavaScript here');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await context.close();
  });

  test('is in Norwegian on a Norwegian event', { tag: '@phone-only' }, async ({ page, request }) => {
    const slug = attemptSlug(`leads-nb-${test.info().project.name}`);
    const origin = originOf(test.info(), slug);
    await importTestEvent(request, origin, slug, (file) => { file['language'] = 'nb'; });
    // The imported event's sponsor ids are its own: ask its API once, signed in, then visit as a visitor.
    await page.goto(`${origin}/login`);
    const sponsorId = await page.evaluate(async (s) => {
      const token = await fetch('/connect/token', { method: 'POST', body: new URLSearchParams({ grant_type: 'password', eventId: s, username: 'attendee@demo.test', password: 'demo-attendee-1' }) });
      if (!token.ok) return 0;
      const list = (await (await fetch(`/api/liveEvent/${s}/sponsors`)).json()) as { id: number }[];
      await fetch('/logout', { method: 'POST' });
      return list[0]?.id ?? 0;
    }, slug);
    await page.context().clearCookies();
    await page.goto(`${origin}/sponsor/${sponsorId}/contactForm`);
    await expect(page.getByRole('heading', { level: 1, name: 'Kontakt Nordvind Energy' })).toBeVisible();
    // The form checks itself once hydrated; a click before that posts it as a plain form (a 400 page).
    await islandsHydrated(page);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Skriv inn fornavnet ditt')).toBeVisible();
  });
});
