import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { ATTENDEE, signIn } from './sign-in';
import { islandsHydrated } from './sponsor-helpers';
import { attemptSlug, importTestEvent, originOf } from './stage-helpers';

const ORGANISER = { username: 'organiser@demo.test', password: 'demo-organiser-1' };

/** A fresh copy of the demo event, in `language`, for this test and project. */
async function settingsEvent(request: APIRequestContext, name: string, language = 'en'): Promise<{ slug: string; origin: string }> {
  const slug = attemptSlug(`settings-${test.info().project.name}-${name}`);
  const origin = originOf(test.info(), slug);
  await importTestEvent(request, origin, slug, (file) => { file['language'] = language; });
  return { slug, origin };
}

async function openSettings(page: Page, origin: string, slug: string): Promise<void> {
  await signIn(page, origin, slug, ORGANISER);
  await page.goto(`${origin}/console/settings`);
  await islandsHydrated(page);
}

const navbarColour = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-navbar').trim());

/** A screenshot of the whole page for the review (`/tmp/console-<name>-<project>.png`). */
const shoot = (page: Page, name: string) => page.screenshot({ path: `/tmp/console-${name}-${test.info().project.name}.png`, fullPage: true });

test.describe('the console\'s settings', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the organiser changes the brand colour and an attendee\'s open lobby shows it without a reload', async ({ page, browser, request }) => {
    const E = en.console;
    const { slug, origin } = await settingsEvent(request, 'brand');
    const attendeeContext = await browser.newContext();
    const lobby = await attendeeContext.newPage();
    await signIn(lobby, origin, slug, ATTENDEE);
    await lobby.goto(`${origin}/`);
    await islandsHydrated(lobby);
    expect(await navbarColour(lobby)).not.toBe('#d9f2e6');
    await lobby.evaluate(() => { (window as unknown as { notReloaded: boolean }).notReloaded = true; });

    await openSettings(page, origin, slug);
    await expect(page.getByRole('heading', { level: 2, name: E.settings.branding.title })).toBeVisible();
    await expect(page.getByRole('navigation', { name: E.areas.label }).getByRole('link', { name: E.areas.settings })).toHaveAttribute('aria-current', 'page');
    await expectNoSeriousA11yViolations(page);

    const navbar = page.getByRole('textbox', { name: E.settings.branding.navbarColor, exact: true });
    await navbar.fill('#d9f2e6');
    // The preview follows the typing; a text colour too close to its button is named before saving.
    await expect(page.locator('.settings-preview-bar')).toHaveCSS('background-color', 'rgb(217, 242, 230)');
    await page.getByRole('textbox', { name: E.settings.branding.primaryButtonColor, exact: true }).fill('#ffff00');
    await page.getByRole('textbox', { name: E.settings.branding.primaryButtonTextColor, exact: true }).fill('#ffffff');
    await expect(page.getByText(/the main button's text has a contrast of 1\.1:1/)).toBeVisible();
    await expect(page.locator('.settings-preview-button').first()).toHaveCSS('color', 'rgb(0, 0, 0)');
    // A logo uploads at once: checked by content on the server, its address put in the logo's field.
    const png = await sharp({ create: { width: 400, height: 120, channels: 3, background: '#0b6e4f' } }).png().toBuffer();
    await page.getByLabel(E.settings.branding.uploadLogo).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByRole('textbox', { name: E.settings.branding.logoUrl, exact: true })).toHaveValue(/^\/api\/asset\/uploads\/\d+\/[0-9a-f]{32}\.png$/);
    await shoot(page, 'settings');
    await expectNoSeriousA11yViolations(page);
    await page.locator('#settings-branding').getByRole('button', { name: E.rows.save }).click();
    await expect(page.locator('#settings-branding').getByRole('status')).toHaveText(E.settings.saved);

    await expect.poll(() => navbarColour(lobby)).toBe('#d9f2e6');
    expect(await lobby.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    // The unreadable button text is swapped for black on the attendee's screen.
    await expect.poll(() => lobby.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-primary-text').trim())).toBe('#000000');
    await attendeeContext.close();
  });

  test('in Norwegian: registration closes with a capacity, a capacity of 0 is refused beside its field, the admission password is set', async ({ page, request }) => {
    const N = nb.console;
    const { slug, origin } = await settingsEvent(request, 'nb', 'nb');
    await openSettings(page, origin, slug);
    await expect(page.getByRole('heading', { level: 2, name: N.settings.registration.title })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const section = page.locator('#settings-registration');
    const capacity = section.getByRole('spinbutton', { name: N.settings.registration.capacity });
    await capacity.fill('0');
    await section.getByRole('button', { name: N.rows.save }).click();
    await expect(capacity).toHaveAttribute('aria-invalid', 'true');
    await expect(section.getByText(N.errors.invalid.replace('{{field}}', N.settings.registration.capacity))).toBeVisible();

    await capacity.fill('500');
    await section.getByRole('checkbox', { name: N.settings.registration.open }).uncheck();
    await section.getByRole('button', { name: N.rows.save }).click();
    await expect(section.getByRole('status')).toHaveText(N.settings.saved);
    await expect(capacity).toHaveAttribute('aria-invalid', 'false');

    const passwords = page.locator('#settings-password');
    await passwords.getByLabel(N.settings.passwords.admission).fill('adgang-passord-1');
    await passwords.getByRole('button', { name: N.settings.passwords.set }).click();
    await expect(passwords.getByRole('status')).toHaveText(N.settings.passwords.saved);
    await expect(passwords.getByText(N.settings.passwords.isSet).first()).toBeVisible();
    await shoot(page, 'settings-nb');
    await expectNoSeriousA11yViolations(page);
  });
});
