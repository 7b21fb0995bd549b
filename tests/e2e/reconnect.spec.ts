import { expect, test } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { islandsHydrated } from './sponsor-helpers';
import { ATTENDEE, attemptSlug, importTestEvent, originOf, pauseVideos } from './stage-helpers';

// When the realtime socket drops (a node died behind nginx, the network blinked), the attendee
// sees a short "reconnecting" notice, then the current state without reloading: the islands
// re-fetch on reconnect (docs/cluster.md). The page goes offline to cut the socket.
const NEWS = 'Room change: the keynote moves to hall B.';

for (const language of ['en', 'nb'] as const) {
  test(`a dropped socket shows the notice, then what changed meanwhile, without a reload (${language})`, async ({ page, context, request }) => {
    const T = (language === 'en' ? en : nb).realtimeNotice;
    const slug = attemptSlug(`reconnect-${test.info().project.name}-${language}`);
    const origin = originOf(test.info(), slug);
    const setLanguage = (file: Record<string, unknown>) => { file['language'] = language; };
    await importTestEvent(request, origin, slug, setLanguage);
    await page.goto(`${origin}/login`);
    const status = await page.evaluate(async (form) => (await fetch('/connect/token', { method: 'POST', body: new URLSearchParams(form) })).status,
      { grant_type: 'password', eventId: slug, ...ATTENDEE });
    expect(status).toBe(200);
    await page.goto(`${origin}/stage`);
    await islandsHydrated(page.locator('#panel-timeline'));
    await page.evaluate(() => { (window as unknown as { notReloaded: boolean }).notReloaded = true; });
    const notice = page.locator('[data-reconnect-notice]');
    await expect(notice).toHaveAttribute('role', 'status');
    await expect(page.locator('#panel-timeline')).not.toContainText(NEWS);

    await context.setOffline(true);
    await expect(notice).toContainText(T.reconnecting, { timeout: 15_000 });
    await pauseVideos(page);
    await expectNoSeriousA11yViolations(page);
    // Meanwhile the organiser posts to the timeline (the page hears nothing of it while offline).
    await importTestEvent(request, origin, slug, (file) => {
      setLanguage(file);
      (file['timeline'] as Record<string, unknown>[]).push({ key: 'reconnect-news', author: 'organiser@demo.test', createdAt: 'now-1m', message: NEWS, platforms: ['digital', 'webApp'] });
    });
    await context.setOffline(false);
    await expect(notice).toContainText(T.reconnected, { timeout: 20_000 });
    await expect(page.locator('#panel-timeline')).toContainText(NEWS, { timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await expect(notice.locator('[data-reconnect-text]')).toBeHidden({ timeout: 10_000 });
  });
}
