import { test as base, expect, type Browser, type BrowserContext } from '@playwright/test';

export { expect };

/** What a test may say about the console errors it provokes on purpose (a cut network, a refused answer). */
export interface ConsoleErrors {
  /** Lets through errors whose text (with the failing URL) matches; anything else still fails the test. */
  allow(pattern: RegExp): void;
}

interface ConsoleError {
  text: string;
  page: string;
}

/**
 * Every spec's `test`: it fails a test whose pages log a console error or throw an uncaught
 * exception (docs/testing.md "No console errors"). Every context the test opens is watched, the
 * `page` fixture's and those made with `browser.newContext()`; a browser the test launches itself
 * (a persistent profile, a fake camera) is not.
 */
export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [async ({ browser }, use) => {
    const seen: ConsoleError[] = [];
    const allowed: RegExp[] = [];
    const watch = (context: BrowserContext) => watchContext(context, seen);
    const restore = watchNewContexts(browser, watch);
    try {
      await use({ allow: (pattern) => { allowed.push(pattern); } });
    } finally {
      restore();
    }
    const unexpected = seen.filter((error) => !isHandledAnswer(error.text) && !allowed.some((pattern) => pattern.test(error.text)));
    expect(unexpected.map((error) => `${error.page}: ${error.text}`), 'console errors and uncaught exceptions').toEqual([]);
  }, { auto: true }],
});

/**
 * Chromium logs every 4xx answer of a fetch as a console error. A 4xx from the JSON calls is an
 * answer the app handles (a wrong password, a refused booking, a missing code) and shows in its own
 * words, which the tests check; a 5xx, a 4xx for anything else (a page, a script, a picture) and
 * every other error still fail the test.
 */
const HANDLED_ANSWER = /^Failed to load resource: the server responded with a status of 4\d\d .*\((https?:\/\/[^/]+)?\/(api|connect)\//;
const isHandledAnswer = (text: string): boolean => HANDLED_ANSWER.test(text);

function watchContext(context: BrowserContext, seen: ConsoleError[]): void {
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    seen.push({ text: where ? `${message.text()} (${where})` : message.text(), page: message.page()?.url() ?? '' });
  });
  context.on('weberror', (error) => {
    const thrown = error.error();
    seen.push({ text: `uncaught ${thrown.name}: ${thrown.message}`, page: error.page()?.url() ?? '' });
  });
}

/** Watches every context made through `browser.newContext` (the `context` fixture makes its own so) until restored. */
function watchNewContexts(browser: Browser, watch: (context: BrowserContext) => void): () => void {
  const original = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await original(...args);
    watch(context);
    return context;
  };
  return () => { browser.newContext = original; };
}
