import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { expectNoHorizontalOverflow } from './iframe-helpers';
import { islandsHydrated, sponsorIdByName } from './sponsor-helpers';
import { attemptSlug, chooseTab, importTestEvent, originOf } from './stage-helpers';
import { signIn } from './sign-in';

test.describe('sponsor page', () => {
  test.describe.configure({ timeout: 60_000 });
  test('opens a sponsor, sends a contact message, requests a meeting and shows room availability', async ({ page }) => {
    await signIn(page, originOf(test.info()), 'demo');
    const id = await sponsorIdByName(page, originOf(test.info()), 'demo', 'Nordvind Energy');
    await page.goto(`/sponsor/${id}`);
    await islandsHydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Nordvind Energy' })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Sponsor sections' }).getByRole('tab');
    await expect(tabs).toHaveText(['Info', 'Programme', 'Contact', 'Contacts', 'Meeting rooms', 'Documents']);
    await expect(page.getByRole('tab', { name: 'Info' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Nordvind Flex for homes')).toBeVisible();
    // The tabs keep one row; at 390 px the ones that do not fit scroll inside it, not the page.
    await expect(tabs.first()).toHaveJSProperty('offsetTop', await tabs.last().evaluate((tab) => (tab as HTMLElement).offsetTop));
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('tab', { name: 'Programme' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Programme' }).getByRole('link').first()).toBeVisible();

    await page.getByRole('tab', { name: 'Contact', exact: true }).click();
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Write a message first.')).toBeVisible();
    await page.getByLabel('Message to Nordvind Energy').fill('Hello from the e2e test');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Message sent')).toBeVisible();
    await expect(page.getByLabel('Message to Nordvind Energy')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Send my contact info' })).toBeVisible();

    await page.getByRole('tab', { name: 'Contacts' }).click();
    const request = page.getByRole('button', { name: 'Request a meeting with Kari Moen' });
    await request.click();
    await expect(page.getByText('Meeting request sent')).toBeVisible();
    await expect(request).toBeDisabled();
    await page.getByRole('button', { name: 'Profile of Kari Moen' }).click();
    await expect(page.getByRole('dialog', { name: 'Kari Moen' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Meeting rooms' }).click();
    await expect(page.getByRole('link', { name: 'Join Nordvind Energy – meet us now' })).toBeVisible();
    const later = page.getByRole('button', { name: 'Join Nordvind Energy – day two' });
    await expect(later).toHaveAttribute('aria-disabled', 'true');
    await expect(later).toHaveAccessibleDescription('The meeting is over or has not started yet');
  });

  test('the see-all modal searches sponsors and opens the chosen one', { tag: '@desktop-only' }, async ({ page }) => {
    await signIn(page, originOf(test.info()), 'demo');
    const id = await sponsorIdByName(page, originOf(test.info()), 'demo', 'Arctic Ocean Institute');
    await page.goto(`/sponsor/${id}`);
    await islandsHydrated(page);
    // docs/product.md §2: no sponsor e-mail, no send-info button.
    await page.getByRole('tab', { name: 'Contact', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Send my contact info' })).toHaveCount(0);
    await page.getByRole('button', { name: 'See all sponsors' }).click();
    const dialog = page.getByRole('dialog', { name: 'All sponsors' });
    await expect(dialog.getByRole('link')).toHaveCount(7);
    await dialog.getByLabel('Search sponsors').fill('polar');
    await expect(dialog.getByRole('link')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('link', { name: 'Polar Grid' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Polar Grid' })).toBeVisible();
  });

  test('the back button leads where the sponsor page was opened from: the lobby, the stage', { tag: '@desktop-only' }, async ({ page }) => {
    await signIn(page, originOf(test.info()), 'demo');
    await page.goto('/');
    await page.getByRole('link', { name: /Nordvind Energy/ }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nordvind Energy' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to lobby' })).toHaveAttribute('href', '/');

    await page.goto('/stage');
    await chooseTab(page, 'All partners');
    await page.getByRole('tabpanel', { name: 'All partners' }).getByRole('link', { name: 'Nordvind Energy' }).click();
    await expect(page).toHaveURL(/\/sponsor\/\d+\?fromStage=1&from=stage$/);
    await islandsHydrated(page);
    const back = page.getByRole('link', { name: 'Back to stage' });
    await expect(back).toHaveAttribute('href', '/stage');
    await back.click();
    await expect(page).toHaveURL(/\/stage$/);
  });

  test('speaks Norwegian on a Norwegian event', { tag: '@phone-only' }, async ({ page, request }) => {
    const slug = attemptSlug(`sponsors-nb-${test.info().project.name}`);
    const origin = originOf(test.info(), slug);
    await importTestEvent(request, origin, slug, (file) => { file['language'] = 'nb'; });
    await signIn(page, origin, slug);
    const id = await sponsorIdByName(page, origin, slug, 'Nordvind Energy');
    await page.goto(`${origin}/sponsor/${id}`);
    await islandsHydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
    await page.getByRole('tab', { name: 'Kontakt', exact: true }).click();
    await page.getByLabel('Melding til Nordvind Energy').fill('Hei fra testen');
    await page.getByRole('button', { name: 'Send melding' }).click();
    await expect(page.getByText('Melding sendt')).toBeVisible();
    await page.getByRole('tab', { name: 'Møterom' }).click();
    await expect(page.getByRole('button', { name: 'Bli med i Nordvind Energy – day two' }))
      .toHaveAccessibleDescription('Møtet er ferdig eller har ikke startet ennå');
  });
});
