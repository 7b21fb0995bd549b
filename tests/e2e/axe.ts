import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Pauses the page's videos and keeps them paused until the returned function runs: axe walks
 * media-chrome's shadow trees, and a playing video re-renders them many times a second, which
 * stalled scans past the test's time limit on a busy machine. The player's own autoplay (muted
 * `play()` once the stream is ready) is held too, then the videos that were playing resume.
 */
async function holdVideos(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(() => {
    const held = window as unknown as { axeHeld?: { play: PropertyDescriptor | undefined; playing: HTMLMediaElement[] } };
    const playing = [...document.querySelectorAll('video')].filter((video) => !video.paused);
    playing.forEach((video) => video.pause());
    held.axeHeld = { play: Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'play'), playing };
    Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, writable: true, value: () => Promise.resolve() });
  });
  return () => page.evaluate(() => {
    const held = (window as unknown as { axeHeld?: { play: PropertyDescriptor | undefined; playing: HTMLMediaElement[] } }).axeHeld;
    if (!held?.play) return;
    Object.defineProperty(HTMLMediaElement.prototype, 'play', held.play);
    held.playing.forEach((video) => { video.play().catch(() => undefined); });
  });
}

/** Fails on serious or critical accessibility violations of the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const resume = await holdVideos(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  await resume();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
