import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { waitForHydration } from './login-helpers';
import { cacheContents, cachedTexts, installabilityErrors, waitForServiceWorker } from './pwa-helpers';
import { chooseTab, importTestEvent, originOf, pauseVideos, stageTab } from './stage-helpers';
import { signIn } from './sign-in';

/*
 * The web app on venue Wi-Fi. "The server is stopped" is Playwright's
 * context.setOffline(true): Chromium then fails every request of the page and of its service
 * worker, exactly as with a dead network or a server that does not answer.
 */

interface OwnInfo { RegistrationID: number | null; TicketKey: string | null; Firstname: string; Lastname: string }

async function ownInfo(page: Page, slug: string): Promise<OwnInfo> {
  return page.evaluate(async (event) => {
    const body = await (await fetch(`/api/liveEvent/${event}/getOwnUserInfoFromSession`)).json() as { userModuleResult: OwnInfo };
    return body.userModuleResult;
  }, slug);
}

/** The offline banner's live region (its box is the fixed banner inside, so check the text's visibility). */
const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'No connection' });
const bannerTitle = (page: Page) => banner(page).getByText('No connection.');

test.describe('offline web app', () => {
  test('the ticket, My program and the agenda still show offline, with the offline banner; logout leaves nothing personal', { tag: '@phone-only' }, async ({ page, context, request, isMobile, consoleErrors }) => {
    // The network is cut on purpose: the socket and the calls fail while it is.
    consoleErrors.allow(/net::ERR_INTERNET_DISCONNECTED/);
    test.skip(!isMobile, 'the in-person attendee uses a phone');
    test.slow(); // one long flow: two logins' worth of pages, online and offline
    const slug = `offline-${test.info().project.name}-${Date.now().toString(36)}`;
    const origin = originOf(test.info(), slug);
    await importTestEvent(request, origin, slug);
    await signIn(page, origin, slug);
    // The login page registers the worker: the web app below is then its first visit.
    await page.goto(`${origin}/login`);
    await waitForServiceWorker(page);

    const me = await ownInfo(page, slug);
    expect(me.TicketKey).toBeTruthy();
    const ticketUrl = `${origin}/qrTicket/${me.TicketKey}`;

    // Online once: the web app (agenda, profile with My program) and the ticket.
    await page.goto(`${origin}/webapp`);
    await waitForHydration(page);
    await chooseTab(page, 'Programme');
    const programme = page.getByRole('tabpanel', { name: 'Programme' });
    const attend = programme.getByRole('button', { name: /^Book / }).first();
    const title = (await attend.getAttribute('aria-label'))!.replace(/^Book /, '');
    await attend.click();
    const booked = programme.getByRole('button', { name: `Cancel ${title}` });
    const confirm = page.getByRole('dialog', { name: 'Book a seat' });
    await expect(booked.or(confirm)).toBeVisible();
    if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Yes, book my seat' }).click();
    await expect(booked).toBeVisible();
    // The page is kept for every member: it holds nobody's bookings, and the web app
    // reads the attendee's own once it has loaded, an answer the worker saves for offline use.
    const ownBookings = page.waitForResponse((res) => res.url().endsWith('/liveGetAgendaInfo/bookedSessions') && res.ok());
    const reloaded = await page.reload();
    expect(await reloaded!.text()).not.toContain('isBooked&quot;:[0,true]');
    await ownBookings;
    await expect(stageTab(page, 'profile')).toHaveCount(1);
    await page.goto(ticketUrl);
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();

    await context.setOffline(true);

    await page.goto(ticketUrl);
    await expect(page.getByRole('img', { name: /QR code/ }).locator('svg')).toBeVisible();
    await expect(page.getByRole('heading', { name: `${me.Firstname} ${me.Lastname}` })).toBeVisible();
    await expect(bannerTitle(page)).toBeVisible();
    await expect(banner(page)).toContainText(/Saved (this minute|\d+ minutes? ago)/);

    await page.goto(`${origin}/webapp`);
    await expect(bannerTitle(page)).toBeVisible();
    await chooseTab(page, 'Programme');
    await expect(page.getByRole('tabpanel', { name: 'Programme' }).getByRole('heading').first()).toBeVisible();
    await chooseTab(page, 'Profile');
    const profile = page.getByRole('tabpanel', { name: 'Profile' });
    await expect(profile.getByRole('heading', { name: 'My programme' })).toBeVisible();
    await expect(profile.getByRole('article', { name: title })).toBeVisible();
    await pauseVideos(page);
    await expectNoSeriousA11yViolations(page);

    // Back online, the attendee logs out: no page or data of theirs is left in the caches.
    await context.setOffline(false);
    await page.goto(`${origin}/`);
    await waitForHydration(page);
    await page.getByRole('button', { name: /^Profile menu for/ }).click();
    await page.getByRole('button', { name: 'Profile', exact: true }).click();
    await page.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const caches = await cacheContents(page);
    expect(Object.keys(caches).filter((name) => name === 'ep-offline-pages' || name === 'ep-offline-data')).toEqual([]);
    // What is left: the app shell, and the pictures the login page itself just showed (the logo).
    const personal = /^\/$|^\/(webapp|stage|qrTicket|api\/liveEvent|api\/asset)\b|\/attendees\//;
    expect(Object.values(caches).flat().filter((path) => personal.test(path))).toEqual([]);
    expect(await cachedTexts(page)).not.toContain(me.Lastname);
  });
});

// Chromium never offers to install from an incognito profile, which every Playwright context is:
// these tests open a real (persistent) profile.
test.describe('installable', () => {
  for (const path of ['/webapp', '/stage', '/']) {
    // Installability does not depend on the width: /webapp at the phone's, the wide pages at the desktop's.
    test(`Chromium finds no installability errors on ${path}`, { tag: path === '/webapp' ? '@phone-only' : '@desktop-only' }, async ({ playwright }, info) => {
      test.slow(); // a browser of its own, with a profile on disk
      const profile = mkdtempSync(join(tmpdir(), 'ep-install-'));
      const context = await playwright.chromium.launchPersistentContext(profile, {
        ...info.project.use.launchOptions, viewport: info.project.use.viewport ?? null,
      });
      try {
        const page = await context.newPage();
        await signIn(page, originOf(info), 'demo');
        await page.goto(`${originOf(info)}${path}`);
        await waitForServiceWorker(page);
        await expect.poll(() => installabilityErrors(page), { timeout: 15_000 }).toEqual([]);
      } finally {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      }
    });
  }
});
