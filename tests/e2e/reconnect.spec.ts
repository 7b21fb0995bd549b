import { type WebSocketRoute } from '@playwright/test';
import { expect, test } from './fixtures';
import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { islandsHydrated } from './sponsor-helpers';
import { signIn } from './sign-in';
import { attemptSlug, importTestEvent, originOf, pauseVideos } from './stage-helpers';

// When the realtime socket drops (a node died behind nginx, the network blinked), the attendee
// sees a short "reconnecting" notice, then the current state without reloading: the islands
// re-fetch on reconnect (docs/cluster.md). The test stands between page and server
// (routeWebSocket): it cuts the socket as a dying node would and refuses new ones until "up".
// (Chromium's offline emulation does not close an open WebSocket, so it cannot be used here.)
const NEWS = 'Room change: the keynote moves to hall B.';

for (const language of ['en', 'nb'] as const) {
  // One language at each width (docs/testing.md): both languages and both widths stay covered.
  test(`a dropped socket shows the notice, then what changed meanwhile, without a reload (${language})`, { tag: language === 'en' ? '@desktop-only' : '@phone-only' }, async ({ page, request }) => {
    // The page may wait up to the backoff's cap (30 s) for its next try after the node is back.
    test.setTimeout(150_000);
    const T = (language === 'en' ? en : nb).realtimeNotice;
    const slug = attemptSlug(`reconnect-${test.info().project.name}-${language}`);
    const origin = originOf(test.info(), slug);
    const setLanguage = (file: Record<string, unknown>) => { file['language'] = language; };
    await importTestEvent(request, origin, slug, setLanguage);
    let nodeUp = true;
    const open: WebSocketRoute[] = []; // sockets the server has welcomed
    await page.routeWebSocket(/\/realtime$/, (socket) => {
      if (!nodeUp) return void socket.close({ code: 1011, reason: 'node down' });
      const server = socket.connectToServer();
      server.onMessage((message) => {
        socket.send(message);
        if (String(message).includes('"welcome"')) open.push(socket);
      });
    });
    await signIn(page, origin, slug);
    await page.goto(`${origin}/stage`);
    await islandsHydrated(page.locator('#panel-timeline'));
    await page.evaluate(() => { (window as unknown as { notReloaded: boolean }).notReloaded = true; });
    const notice = page.locator('[data-reconnect-notice]');
    await expect(notice).toHaveAttribute('role', 'status');
    await expect(page.locator('#panel-timeline')).not.toContainText(NEWS);

    await expect.poll(() => open.length).toBeGreaterThan(0);
    nodeUp = false;
    for (const socket of open.splice(0)) await socket.close({ code: 1001, reason: 'node died' });
    await expect(notice).toContainText(T.reconnecting, { timeout: 15_000 });
    await pauseVideos(page);
    await expectNoSeriousA11yViolations(page);
    // Meanwhile the organiser posts to the timeline (the page hears nothing of it while offline).
    await importTestEvent(request, origin, slug, (file) => {
      setLanguage(file);
      (file['timeline'] as Record<string, unknown>[]).push({ key: 'reconnect-news', author: 'organiser@demo.test', createdAt: 'now-1m', message: NEWS, platforms: ['digital', 'webApp'] });
    });
    nodeUp = true;
    // The next try comes within its backoff window (5, 10, 20, then 30 s: src/lib/reconnect-backoff.ts).
    await expect(notice).toContainText(T.reconnected, { timeout: 40_000 });
    await expect(page.locator('#panel-timeline')).toContainText(NEWS, { timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await expect(notice.locator('[data-reconnect-text]')).toBeHidden({ timeout: 10_000 });
  });
}
