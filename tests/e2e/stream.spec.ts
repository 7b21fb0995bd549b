import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { holdFor } from '../hold';
import { expectNoSeriousA11yViolations } from './axe';
import { attemptSlug, expectVideoAdvances, importTestEvent, lateStreamServer, originOf, pauseVideos, PLAYING, sessionIdByLiveUrl } from './stage-helpers';
import { signIn } from './sign-in';

async function openStage(page: Page, origin: string, query = ''): Promise<void> {
  await page.goto(`${origin}/stage${query}`);
  if (test.info().project.name === 'phone') await page.getByRole('button', { name: 'Show stream' }).click();
}

test.describe('stream player', () => {
  test.describe('with the stream playing', () => {
    test.use(PLAYING);
    test('waits for a stream that is not up yet, retrying every 5 s, and plays it once it appears', { tag: '@desktop-only' }, async ({ page, request, consoleErrors }) => {
      // The playlist answers 404 until the stream is up: on purpose.
      consoleErrors.allow(/status of 404 .*index\.m3u8\)$/);
      test.setTimeout(60_000);
      const late = await lateStreamServer(6_000);
      try {
        const slug = attemptSlug(`stagelate-${test.info().project.name}`);
        const origin = originOf(test.info(), slug);
        await importTestEvent(request, origin, slug, (file) => {
          file['streamUrl'] = late.url;
        });
        await signIn(page, origin, slug);
        await openStage(page, origin);
        await expect(page.getByRole('status').filter({ hasText: 'Waiting for the stream to start' })).toBeVisible({ timeout: 10_000 });
        await expectVideoAdvances(page, 30_000);
        await expect(page.getByText('Waiting for the stream to start')).toHaveCount(0);
        expect(late.requests()).toBeGreaterThan(2);
      } finally {
        // The player goes on loading segments after the test has seen it play: a request to the
        // closed server would be refused and logged as a console error, so the page goes first.
        await page.close();
        await late.close();
      }
    });
  });

  test('embeds a Whereby room with its permissions and the whereBy flags, and shows image streams', { tag: '@desktop-only' }, async ({ page, request }) => {
    const origin = originOf(test.info());
    await signIn(page, origin, 'demo');
    const room = await sessionIdByLiveUrl(request, origin, 'demo', 'https://whereby.com/demo-roundtable');
    await page.route('https://whereby.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>room</title>' }));
    await openStage(page, origin, `?session=${room}`);
    const frame = page.locator('iframe[data-kind="whereby"]');
    await expect(frame).toHaveAttribute('allow', /camera; microphone/);
    await expect(frame).toHaveAttribute('src', /^https:\/\/whereby\.com\/demo-roundtable\?embed&screenshare=on&chat=on/);
    await expect(page.getByRole('button', { name: 'Back to main stream' })).toBeVisible();

    const expo = await sessionIdByLiveUrl(request, origin, 'demo', '/demo/documents/venue-map.png');
    await openStage(page, origin, `?session=${expo}`);
    await expect(page.getByRole('img', { name: 'Expo walk and poster session' })).toBeVisible();
    await pauseVideos(page);
    await expectNoSeriousA11yViolations(page);
  });

  test('asked for reduced motion, the player stays still and loads no segment until the viewer presses play', { tag: '@phone-only' }, async ({ page }) => {
    const segments: string[] = [];
    page.on('request', (request) => { if (request.url().endsWith('.ts')) segments.push(request.url()); });
    await signIn(page, originOf(test.info()), 'demo');
    await openStage(page, originOf(test.info()));
    const video = page.locator('video').first();
    await expect(video).toHaveAttribute('data-state', 'ready');
    // A player that played on its own would have called play() when it turned ready: paused at once.
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    // Deliberate window: that no segment is fetched is shown only by none arriving. Nothing in the
    // page marks a load that was not started (hls.js's is inside the player), and the requests are
    // the network's, which no page clock moves on; a player that loads by itself has fetched its
    // first segment well within 1.5 s of turning ready.
    await holdFor(1500);
    expect(segments).toEqual([]);
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

    await page.getByRole('button', { name: /^play$/i }).click();
    await expectVideoAdvances(page);
    expect(segments.length).toBeGreaterThan(0);
  });
});
