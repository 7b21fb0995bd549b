import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { islandsHydrated } from './sponsor-helpers';

export { ATTENDEE } from './sign-in';

const ADMIN_TOKEN = 'e2e-admin-token';

/**
 * A slug of its own for this attempt of the test: a retry must not find the answers, bookings or
 * posts of the failed attempt (answers are final), so the retry number is part of the slug.
 */
export function attemptSlug(base: string, info: TestInfo = test.info()): string {
  return info.retry ? `${base}-r${info.retry}` : base;
}

export function portOf(info: TestInfo): string {
  return new URL(info.project.use.baseURL ?? '').port;
}

/** The origin of an event host on the test server (`<slug>.localhost`). */
export function originOf(info: TestInfo, slug = 'demo'): string {
  return `http://${slug}.localhost:${portOf(info)}`;
}

/** API calls from the test process go to 127.0.0.1 with the event's host name in Host. */
function direct(origin: string, path: string): { url: string; headers: Record<string, string> } {
  const { host, port } = new URL(origin);
  return { url: `http://127.0.0.1:${port}${path}`, headers: { host } };
}

type EventFile = Record<string, unknown> & { features: Record<string, boolean> };

/** The demo event file under another slug, changed by `edit`, imported through the admin API. */
export async function importTestEvent(request: APIRequestContext, origin: string, slug: string,
  edit: (file: EventFile) => void = () => undefined): Promise<void> {
  const file = JSON.parse(readFileSync(join(process.cwd(), 'events/demo.event.json'), 'utf8')) as EventFile;
  file['slug'] = slug;
  // Access keys and ticket codes are unique across events; the stage needs neither.
  file['polls'] = [];
  for (const user of file['users'] as Record<string, unknown>[]) {
    if (typeof user['ticketCode'] === 'string') user['ticketCode'] = `${slug}-${user['ticketCode']}`;
  }
  edit(file);
  // A bare host: on an event's host the auth guard would read the admin token as an attendee's.
  const { url } = direct(origin, '/api/admin/events/import');
  const response = await request.post(url, { headers: { host: 'localhost', authorization: `Bearer ${ADMIN_TOKEN}` }, data: file });
  expect(response.status(), await response.text()).toBe(200);
}

/** Finds a session's id in the public agenda by its stream URL. */
export async function sessionIdByLiveUrl(request: APIRequestContext, origin: string, eventId: string, liveUrl: string): Promise<number> {
  const { url, headers } = direct(origin, `/api/liveEvent/${eventId}/liveGetIframeAgendaInfo`);
  const response = await request.get(url, { headers });
  expect(response.status()).toBe(200);
  const found: number[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (record['liveUrl'] === liveUrl && record['id'] !== undefined) found.push(Number(record['id']));
      Object.values(record).forEach(walk);
    }
  };
  walk(await response.json());
  expect(found.length, `a session streaming ${liveUrl}`).toBeGreaterThan(0);
  return found[0]!;
}

/**
 * Opens `url` and waits for its realtime socket's welcome: from then on the page hears the event's
 * broadcasts. For live-only views (the stage's presented answer) that another browser then drives.
 */
export async function gotoLive(page: Page, url: string): Promise<void> {
  const welcomed = page.waitForEvent('websocket', (socket) => new URL(socket.url()).pathname === '/realtime')
    .then((socket) => socket.waitForEvent('framereceived', (frame) => String(frame.payload).includes('"welcome"')));
  await page.goto(url);
  await welcomed;
}

/** `test.use(PLAYING)` in tests of playback: the suite asks for reduced motion, which keeps the player still. */
export const PLAYING = { reducedMotion: 'no-preference' } as const;

/** The video's playback position, once the player put a video on the page. */
export function videoTime(page: Page): Promise<number> {
  return page.locator('video').first().evaluate((video: HTMLVideoElement) => video.currentTime);
}

export async function expectVideoAdvances(page: Page, timeout = 20_000): Promise<void> {
  await expect.poll(() => videoTime(page), { timeout, message: 'the stream plays' }).toBeGreaterThan(0);
}

/**
 * A stream that goes live late: the demo's main-stage HLS files, served with CORS by a tiny
 * local server that answers 404 until `delayMs` after the player first asked (an IVS channel
 * before the broadcaster starts looks the same to the player).
 */
export async function lateStreamServer(delayMs: number): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  const root = join(process.cwd(), 'public/media/mainstage');
  let liveAt: number | undefined;
  let count = 0;
  const server: Server = createServer((request, response) => {
    count += 1;
    liveAt ??= Date.now() + delayMs;
    const name = (request.url ?? '').split('?')[0]!.replace(/^\/late\//, '');
    response.setHeader('access-control-allow-origin', '*');
    if (Date.now() < liveAt || !/^[\w.-]+$/.test(name)) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = readFileSync(join(root, name));
      response.writeHead(200, { 'content-type': name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/late/index.m3u8`,
    requests: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Pauses every video before an axe run: axe walks media-chrome's shadow trees, and a playing
 * video re-renders them many times a second, which can stall the scan on a busy machine.
 */
export async function pauseVideos(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelectorAll('video').forEach((video) => video.pause()));
}

/**
 * Opens a tab of the stage or the web app and answers its panel once the panel is filled and its
 * islands have hydrated. A tab other than the one shown on arrival is fetched on its first opening:
 * until its HTML arrives the panel holds no island, so waiting for hydration alone passed at once,
 * and a click on the server-rendered markup that came next was lost.
 */
export async function openStageTab(page: Page, tab: string): Promise<Locator> {
  await pickTab(page, page.locator(`#tab-${tab}`), page.locator(`[data-tab-choice="${tab}"]`));
  const panel = page.locator(`#panel-${tab}`);
  await expect(panel).toBeVisible();
  await expect(panel.locator('.panel-shell [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await islandsHydrated(panel);
  return panel;
}

/**
 * Opens a tab of the stage or the web app by its name: in the row, or through "More" when the
 * row has no room for it (docs/stage.md "Tabs"). Waits until the row has been measured.
 */
export async function chooseTab(page: Page, name: string): Promise<void> {
  await pickTab(page, page.getByRole('tab', { name, exact: true }), page.getByRole('menuitem', { name, exact: true }));
}

/** chooseTab by the tab's id (`profile`, `agenda` …), for a tab whose name the event's captions set. */
export async function chooseTabById(page: Page, id: string): Promise<void> {
  await pickTab(page, page.locator(`[role="tab"][data-tab="${id}"]`), page.locator(`[role="menuitem"][data-tab-choice="${id}"]`));
}

async function pickTab(page: Page, tab: Locator, choice: Locator): Promise<void> {
  await expect(page.locator('[data-stage-tabs][data-arranged]')).toHaveCount(1);
  if (await tab.isVisible()) {
    await tab.click();
    return;
  }
  await page.locator('[data-tab-more-button]').click();
  await choice.click();
}

/** The tab (in the row or under "More") whose panel the page holds, by id: one when the page has it. */
export const stageTab = (page: Page, id: string): Locator => page.locator(`[role="tab"]#tab-${id}`);
