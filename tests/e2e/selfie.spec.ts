import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { expectNoHorizontalOverflow } from './iframe-helpers';
import { signIn } from './sign-in';
import { attemptSlug, importTestEvent, openStageTab, originOf, pauseVideos, stageTab } from './stage-helpers';

/*
 * The selfie tab (docs/selfie.md) with Chromium's fake camera: these specs run only in the
 * camera-desktop and camera-phone projects of playwright.config.ts, whose browsers are launched
 * with --use-fake-device-for-media-stream and --use-fake-ui-for-media-stream.
 */

const PASSWORD = 'selfie-pass-1';

/** A fresh event per test (the demo file, with its two overlays) and an attendee of our own. */
async function selfieEvent(request: Parameters<typeof importTestEvent>[0], name: string, { language = 'en', posting = true } = {}) {
  const slug = attemptSlug(`sf-${test.info().project.name}-${name}`);
  const origin = originOf(test.info(), slug);
  await importTestEvent(request, origin, slug, (file) => {
    file['language'] = language;
    file.features['stageFuncTimelinePosting'] = posting;
    const users = file['users'] as Record<string, unknown>[];
    const attendee = users.find((u) => u['email'] === 'attendee@demo.test')!;
    users.push({ ...attendee, email: 'sol@selfie.test', firstName: 'Sol', lastName: 'Selfie', password: PASSWORD, ticketCode: `${slug}-sol` });
  });
  return { slug, origin };
}

async function openSelfieTab(page: Page, origin: string, slug: string, tabName: string): Promise<void> {
  await signIn(page, origin, slug, { username: 'sol@selfie.test', password: PASSWORD });
  await page.goto(`${origin}/stage`);
  await pauseVideos(page);
  await expect(stageTab(page, 'selfie')).toHaveText(tabName);
  await openStageTab(page, 'selfie');
}

test.describe('selfie tab', () => {
  test.describe.configure({ timeout: 120_000 });

  test('picks an overlay, captures, saves, posts to the timeline and downloads', async ({ page, request }) => {
    const T = en.selfie;
    const { slug, origin } = await selfieEvent(request, 'post');
    await openSelfieTab(page, origin, slug, en.stage.tabs.selfie);
    const panel = page.locator('#panel-selfie');

    const preview = panel.getByLabel(T.preview);
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((video: HTMLVideoElement) => video.videoWidth), { timeout: 15_000 }).toBeGreaterThan(0);
    // The front camera's preview is mirrored (the fake camera does not say where it faces).
    await expect(preview).toHaveClass(/is-mirrored/);
    // Two fake cameras: switching is offered and keeps a live preview.
    await panel.getByRole('button', { name: T.switchCamera }).click();
    await expect.poll(() => preview.evaluate((video: HTMLVideoElement) => video.videoWidth), { timeout: 15_000 }).toBeGreaterThan(0);

    // The overlay picker is a labelled radio group: the first overlay is chosen, arrows move on.
    const overlays = panel.getByRole('group', { name: T.overlayLegend });
    await expect(overlays.getByRole('radio', { name: 'Summit frame' })).toBeChecked();
    await overlays.getByRole('radio', { name: 'Summit frame' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(overlays.getByRole('radio', { name: 'Aurora' })).toBeChecked();
    await expect(panel.locator('.selfie-overlay-preview')).toHaveAttribute('src', '/demo/selfie/aurora.png');
    await expectNoSeriousA11yViolations(page);
    await expectNoHorizontalOverflow(page);

    await panel.getByRole('button', { name: T.capture }).click();
    const shot = panel.getByRole('img', { name: T.shotAlt });
    await expect(shot).toBeVisible();
    // The picture has the overlay's proportions (1080 × 1440), whatever the camera gives.
    const size = await shot.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
    expect(size.width / size.height).toBeCloseTo(1080 / 1440, 2);
    await expect(preview).toHaveCount(0);

    // Retake brings the camera back; capture again.
    await panel.getByRole('button', { name: T.retake }).click();
    await expect.poll(() => panel.getByLabel(T.preview).evaluate((video: HTMLVideoElement) => video.videoWidth), { timeout: 15_000 }).toBeGreaterThan(0);
    await panel.getByRole('button', { name: T.capture }).click();
    await expect(shot).toBeVisible();

    const download = page.waitForEvent('download');
    await panel.getByRole('link', { name: T.download }).click();
    expect((await download).suggestedFilename()).toBe('selfie.jpg');

    await panel.getByRole('checkbox', { name: T.postToTimeline }).check();
    await panel.getByLabel(T.messageLabel).fill('Selfie from the e2e wall');
    await expectNoSeriousA11yViolations(page);
    await panel.getByRole('button', { name: T.save }).click();
    await expect(panel.getByText(T.posted)).toBeVisible();

    // The post arrives in the timeline tab with its picture.
    await page.locator('#tab-timeline').click();
    const post = page.locator('#panel-timeline').getByRole('article', { name: en.timeline.postBy.replace('{{name}}', 'Sol Selfie') }).first();
    await expect(post).toContainText('Selfie from the e2e wall');
    await expect(post.locator('img[src^="/api/asset/uploads/"]')).toBeVisible();
    // Leaving the tab turns the camera off.
    await openStageTab(page, 'selfie');
    await panel.getByRole('button', { name: T.retake }).click();
    await expect.poll(() => panel.getByLabel(T.preview).evaluate((video: HTMLVideoElement) => video.videoWidth), { timeout: 15_000 }).toBeGreaterThan(0);
    await panel.getByLabel(T.preview).evaluate((video: HTMLVideoElement) => { (window as unknown as { held: unknown }).held = video.srcObject; });
    await page.locator('#tab-timeline').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { held: MediaStream }).held.getVideoTracks().every((track) => track.readyState === 'ended'))).toBe(true);
  });

  test('says in Norwegian when the camera is refused, and saves without posting when posting is off', { tag: '@phone-only' }, async ({ page, request }) => {
    const T = nb.selfie;
    const { slug, origin } = await selfieEvent(request, 'denied', { language: 'nb', posting: false });
    // The browser answers "not allowed", as it does after the person said no.
    await page.addInitScript(() => {
      let refuse = true;
      const real = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = (constraints) => {
        if (!refuse) return real(constraints);
        refuse = false;
        return Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
      };
    });
    await openSelfieTab(page, origin, slug, nb.stage.tabs.selfie);
    const panel = page.locator('#panel-selfie');
    await expect(panel.getByRole('alert')).toHaveText(new RegExp(T.camera.denied.slice(0, 30)));
    await expectNoSeriousA11yViolations(page);
    // Allowed the second time.
    await panel.getByRole('button', { name: T.tryAgain }).click();
    await expect.poll(() => panel.getByLabel(T.preview).evaluate((video: HTMLVideoElement) => video.videoWidth), { timeout: 15_000 }).toBeGreaterThan(0);
    // A thumbnail is picked by its label (the radio itself is visually hidden).
    await panel.getByText(T.noOverlay).click();
    await expect(panel.getByRole('radio', { name: T.noOverlay })).toBeChecked();
    await panel.getByRole('button', { name: T.capture }).click();
    await expect(panel.getByRole('checkbox', { name: T.postToTimeline })).toHaveCount(0);
    await panel.getByRole('button', { name: T.save }).click();
    await expect(panel.getByText(T.saved)).toBeVisible();
  });
});
