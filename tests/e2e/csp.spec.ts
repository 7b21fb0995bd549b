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

/** Opens a page of another site (an organiser's, served by the test) that frames `html`. */
async function openOrganiserPage(page: Page, html: string): Promise<void> {
  await page.route('http://organiser.example/', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: `<!doctype html><title>Organiser</title>${html}` }));
  await page.goto('http://organiser.example/');
}

test('the iframe pages may be framed by another site and run with no CSP violation', { tag: '@desktop-only' }, async ({ page }) => {
  const violations = watchViolations(page);
  const origin = originOf(test.info());
  await openOrganiserPage(page, `<iframe title="agenda" src="${origin}/agendaIframe"></iframe><iframe title="speakers" src="${origin}/speakersIframe"></iframe>`);
  await expect(page.frameLocator('iframe[title="agenda"]').locator('body')).not.toBeEmpty();
  await expect(page.frameLocator('iframe[title="speakers"]').locator('body')).not.toBeEmpty();
  expect(violations).toEqual([]);
});

test('the login page cannot be framed by another site', { tag: '@desktop-only' }, async ({ page }) => {
  const origin = originOf(test.info());
  await openOrganiserPage(page, `<iframe title="login" src="${origin}/login"></iframe>`);
  // Chromium replaces a frame its policy forbids with an error page.
  await expect.poll(() => page.frames().map((frame) => frame.url())).toContain('chrome-error://chromewebdata/');
  await expect(page.frameLocator('iframe[title="login"]').locator('#login-email')).toHaveCount(0);
});
