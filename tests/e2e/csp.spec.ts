import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectVideoAdvances, originOf, PLAYING } from './stage-helpers';
import { signIn } from './sign-in';

/*
 * Pages send a strict Content-Security-Policy. Every page must still work under it in
 * Chromium: islands hydrate, hls.js plays the stream, iframe pages render — with no violation.
 */

/** Collects CSP violations the page reports (the DOM event and Chromium's console line). */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

test.describe('with the stream playing', () => {
  test.use(PLAYING);
  test('login, lobby, stage (with the stream playing) and agenda run with no CSP violation', { tag: '@desktop-only' }, async ({ page }) => {
    test.setTimeout(60_000);
    const violations = watchViolations(page);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const origin = originOf(test.info());
    await signIn(page, origin, 'demo');
    await page.goto(`${origin}/`);
    await expect(page.getByRole('main')).toBeVisible();
    await page.goto(`${origin}/stage`);
    if (test.info().project.name === 'phone') await page.getByRole('button', { name: 'Show stream' }).click();
    await expectVideoAdvances(page, 30_000);
    // hls.js transmuxes in its worker, a file of ours that `worker-src 'self'` allows.
    expect(workers.map((url) => new URL(url).pathname)).toContainEqual(expect.stringMatching(/^\/_astro\/hls\.worker\.[\w-]+\.js$/));
    await page.goto(`${origin}/webapp`);
    await expect(page.getByRole('main')).toBeVisible();
    expect(violations).toEqual([]);
  });
});

/**
 * Opens a page of another site (an organiser's) that frames `html`, served for real on a port of
 * its own: Chromium's local-network checks block a page answered by `page.route` (a public one to
 * the browser) from framing the event on 127.0.0.1, which would fail for that reason, not the
 * policy's. Returns a function that stops the organiser's server.
 */
async function openOrganiserPage(page: Page, html: string): Promise<() => Promise<void>> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>Organiser</title>${html}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await page.goto(`http://127.0.0.1:${port}/`);
  return () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
}

test('the iframe pages may be framed by another site and run with no CSP violation', { tag: '@desktop-only' }, async ({ page }) => {
  const violations = watchViolations(page);
  const origin = originOf(test.info());
  const close = await openOrganiserPage(page, `<iframe title="agenda" src="${origin}/agendaIframe"></iframe><iframe title="speakers" src="${origin}/speakersIframe"></iframe>`);
  try {
    await expect(page.frameLocator('iframe[title="agenda"]').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.frameLocator('iframe[title="speakers"]').locator('article.speaker').first()).toBeVisible();
    expect(violations).toEqual([]);
  } finally {
    await close();
  }
});

test('the login page cannot be framed by another site', { tag: '@desktop-only' }, async ({ page, consoleErrors }) => {
  consoleErrors.allow(/frame-ancestors/);
  const origin = originOf(test.info());
  const close = await openOrganiserPage(page, `<iframe title="login" src="${origin}/login"></iframe>`);
  try {
    // Chromium replaces a frame its policy forbids with an error page, and says which directive.
    await expect.poll(() => page.frames().map((frame) => frame.url())).toContain('chrome-error://chromewebdata/');
    await expect(page.frameLocator('iframe[title="login"]').locator('#login-email')).toHaveCount(0);
  } finally {
    await close();
  }
});
