import { randomBytes } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import en from '../../locales/en.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { fakeCameraArgs, writeQrVideo } from './fake-camera';
import { islandsHydrated } from './sponsor-helpers';
import { attemptSlug, importTestEvent, originOf } from './stage-helpers';

const RESULTS_PASSWORD = 'demo-results';
const C = en.checkIn;

/** Logs into the admission area from its login page and lands on `path`. */
async function admissionLogin(page: Page, origin: string, path: string): Promise<void> {
  await page.goto(`${origin}${path}`);
  await expect(page).toHaveURL(/\/login-participants-results/);
  await islandsHydrated(page);
  await page.getByLabel(en.pollResults.password).fill(RESULTS_PASSWORD);
  await page.getByRole('button', { name: en.pollResults.login }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await islandsHydrated(page);
}

test.describe('door check-in', () => {
  test.describe.configure({ timeout: 120_000 });
  let browser: Browser | undefined;
  test.afterEach(async () => { await browser?.close(); browser = undefined; });

  test('door staff scan a QR ticket with the camera; the admission list in another window shows it without reloading', async ({ request }, info) => {
    const slug = attemptSlug(`check-in-${info.project.name}`);
    const origin = originOf(info, slug);
    const ticketKey = randomBytes(16).toString('base64url');
    await importTestEvent(request, origin, slug, (file) => {
      file['resultsPassword'] = RESULTS_PASSWORD;
      file['language'] = 'en';
      const attendee = (file['users'] as Record<string, unknown>[]).find((u) => u['email'] === 'attendee@demo.test')!;
      attendee['ticketKey'] = ticketKey;
    });

    // The camera is a launch switch, so this test starts its own Chromium playing the ticket's QR code.
    const video = info.outputPath('ticket.y4m');
    await writeQrVideo(ticketKey, video);
    const { launchOptions, viewport, isMobile, hasTouch, userAgent, deviceScaleFactor } = info.project.use;
    browser = await chromium.launch({ ...launchOptions, args: [...(launchOptions?.args ?? []), ...fakeCameraArgs(video)] });
    // The project's device (desktop or phone), without the options it leaves unset.
    const contextOptions = Object.fromEntries(Object.entries({ viewport, isMobile, hasTouch, userAgent, deviceScaleFactor, reducedMotion: 'reduce' })
      .filter(([, value]) => value !== undefined)) as BrowserContextOptions;
    const listContext: BrowserContext = await browser.newContext(contextOptions);
    const doorContext: BrowserContext = await browser.newContext({ ...contextOptions, permissions: ['camera'] });

    const list = await listContext.newPage();
    await admissionLogin(list, origin, '/participantsAdmitted');
    const scannedIn = (n: number) => list.getByRole('button', { name: `${en.admission.scannedIn} (${n})` });
    await expect(scannedIn(0)).toBeVisible();

    const door = await doorContext.newPage();
    await admissionLogin(door, origin, '/participantsCheckIn');
    await expect(door.getByRole('heading', { name: C.title })).toBeVisible();
    await expectNoSeriousA11yViolations(door);

    await door.getByRole('button', { name: C.startCamera }).click();
    const result = door.getByRole('status');
    await expect(result).toHaveText(C.admitted.replace('{{name}}', 'Alex Andersen'), { timeout: 20_000 });
    await expect(door.getByRole('button', { name: C.stopCamera })).toBeVisible();

    // The list follows the door live (admission-change), no reload.
    await expect(scannedIn(1)).toBeVisible({ timeout: 10_000 });
    await expect(list.getByRole('cell', { name: 'attendee@demo.test' })).toBeVisible();

    await door.getByRole('button', { name: C.stopCamera }).click();
    await door.getByLabel(C.code).fill(ticketKey);
    await door.getByRole('button', { name: C.submit }).click();
    await expect(result).toHaveText(new RegExp(`^Alex Andersen is already in, at \\d{2}:\\d{2}$`));
    await door.getByLabel(C.code).fill('NOT-A-TICKET');
    await door.getByRole('button', { name: C.submit }).click();
    await expect(result).toHaveText(C.unknown);
    await expect(scannedIn(1)).toBeVisible();
  });
});
