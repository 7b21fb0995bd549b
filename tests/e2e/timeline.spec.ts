import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import sharp from 'sharp';
import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { expectNoHorizontalOverflow } from './iframe-helpers';
import { islandsHydrated } from './sponsor-helpers';
import { signIn } from './sign-in';
import { attemptSlug, importTestEvent, originOf, pauseVideos } from './stage-helpers';

const T = en.timeline;
const PEOPLE = { ada: 'Ada', ben: 'Ben' } as const;
const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));

type EventFile = Parameters<NonNullable<Parameters<typeof importTestEvent>[3]>>[0];

/** A fresh event per test with two attendees of our own, Ada and Ben; `language` en or nb; `edit` changes the file further. */
async function timelineEvent(request: Parameters<typeof importTestEvent>[0], name: string, language = 'en', edit?: (file: EventFile) => void) {
  const slug = attemptSlug(`tl-${test.info().project.name}-${name}`);
  const origin = originOf(test.info(), slug);
  await importTestEvent(request, origin, slug, (file) => {
    file['language'] = language;
    const users = file['users'] as Record<string, unknown>[];
    const attendee = users.find((u) => u['email'] === 'attendee@demo.test')!;
    for (const first of Object.values(PEOPLE)) {
      users.push({ ...attendee, email: `${first.toLowerCase()}@timeline.test`, firstName: first, lastName: 'Tester', password: 'timeline-pass-1', ticketCode: `${slug}-${first}` });
    }
    // A promoted item that opens the promoted page panel with the coded poll entry (docs/timeline.md).
    (file['timeline'] as Record<string, unknown>[]).push({
      key: 'promo-code', author: 'organiser@demo.test', createdAt: 'now-5m', promo: true, linkMode: 'BUTTON_LINK_ONLY',
      message: 'Got a code from the stage? Join the poll.', promoLink: '/stage?page=coded_polls', promoLinkText: 'Enter the code', platforms: ['digital', 'webApp'],
    });
    edit?.(file);
  });
  return { slug, origin };
}

async function openStage(page: Page, origin: string, slug: string, first: string): Promise<void> {
  await signIn(page, origin, slug, { username: `${first.toLowerCase()}@timeline.test`, password: 'timeline-pass-1' });
  await page.goto(`${origin}/stage`);
  await islandsHydrated(page.locator('#panel-timeline'));
  // The main stage's video would share the two cores with the test for nothing.
  await pauseVideos(page);
}

async function secondBrowser(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({ viewport: page.viewportSize() ?? { width: 1280, height: 800 }, isMobile: test.info().project.name === 'phone' });
  return context.newPage();
}

const photo = () => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 90, b: 160 } } }).png().toBuffer();

test.describe('timeline tab', () => {
  test.describe.configure({ timeout: 120_000 });

  test('A posts with an image and B sees it live; B likes and comments and A sees both', async ({ page, browser, request }) => {
    const { slug, origin } = await timelineEvent(request, 'live');
    const other = await secondBrowser(browser, page);
    await openStage(page, origin, slug, PEOPLE.ada);
    await openStage(other, origin, slug, PEOPLE.ben);

    const form = page.locator('form.timeline-form:not(.is-comment)');
    await form.getByLabel(T.postLabel).fill('Hello from the e2e test');
    await form.locator('input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await photo() });
    await expect(form.getByRole('img', { name: fill(T.previewAlt, { n: 1 }) })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('button', { name: T.sendPost }).click();
    await expect(form.getByLabel(T.postLabel)).toHaveValue('');

    const postName = fill(T.postBy, { name: 'Ada Tester' });
    const seen = other.getByRole('article', { name: postName });
    await expect(seen.getByText('Hello from the e2e test')).toBeVisible({ timeout: 10_000 });
    await expect(seen.getByRole('img', { name: fill(T.imageAlt, { n: 1, count: 1, name: 'Ada Tester' }) })).toBeVisible();
    // docs/product.md §5: a chat button on someone else's post, none on one's own.
    await expect(seen.getByRole('button', { name: fill(T.chatWith, { name: 'Ada Tester' }) })).toBeVisible();
    const own = page.getByRole('article', { name: postName });
    await expect(own.getByRole('button', { name: fill(T.chatWith, { name: 'Ada Tester' }) })).toHaveCount(0);

    const like = seen.getByRole('button', { name: new RegExp(T.like) });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toContainText(fill(T.likes_one, { count: 1 }));
    await expect(own.getByRole('button', { name: new RegExp(T.like) })).toContainText(fill(T.likes_one, { count: 1 }), { timeout: 10_000 });

    await seen.getByLabel(T.commentLabel).fill('Nice picture, Ada');
    await seen.getByRole('button', { name: T.sendComment }).click();
    await expect(own.getByRole('list', { name: fill(T.commentsOf, { name: 'Ada Tester' }) }).getByText('Nice picture, Ada')).toBeVisible({ timeout: 10_000 });

    // Only the author deletes: Ben has no delete button on Ada's post; Ada's delete reaches Ben live.
    await expect(seen.getByRole('button', { name: T.deletePost })).toHaveCount(0);
    await own.getByRole('button', { name: T.deletePost }).click();
    await expect(seen).toHaveCount(0, { timeout: 10_000 });
    await expectNoHorizontalOverflow(page);
    await other.context().close();
  });

  test('the first posts come with the page read for any member, the viewer\'s own view is read once after hydration, no hydration error, and the feed stays live and pages on', { tag: '@desktop-only' }, async ({ page, request }) => {
    // Older than the demo's posts: the page shows the newest 10; the viewer's own view
    // then reads a full page (50), and these page on from there.
    const { slug, origin } = await timelineEvent(request, 'first-view', 'en', (file) => {
      // The chat islands share a store and may hydrate against it (a #418 of their own): this checks the timeline's.
      file.features['stageChatEnabled'] = false;
      for (let i = 1; i <= 60; i++) {
        (file['timeline'] as Record<string, unknown>[]).push({
          key: `old-${i}`, author: 'ada@timeline.test', createdAt: `now-${10 + i}h`, message: `Older post ${i}`, platforms: ['digital', 'webApp'],
        });
      }
    });
    const errors: string[] = [];
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    page.on('pageerror', (error) => errors.push(error.message));
    const feedCalls: string[] = [];
    const feedAnswered: string[] = [];
    page.on('request', (call) => { if (/get(All|Promoted)TimelineItems/.test(call.url())) feedCalls.push(call.url()); });
    page.on('requestfinished', (call) => { if (/get(All|Promoted)TimelineItems/.test(call.url())) feedAnswered.push(call.url()); });
    await page.clock.setFixedTime(Date.now());
    await openStage(page, origin, slug, PEOPLE.ada);
    const timeline = page.locator('#panel-timeline');
    // A post's full time (its title) is set only once the island has rendered in the browser.
    await expect(timeline.locator('time[title]').first()).toBeAttached();
    // The stage is the same for every member (docs/http-cache.md): its first view has no likes or
    // own posts, so the island reads Ada's own once, and her posts get their delete buttons.
    await expect.poll(() => feedAnswered.length).toBe(2);
    expect(feedCalls.every((url) => !url.includes('before='))).toBe(true);
    await expect(timeline.getByRole('button', { name: T.deletePost }).first()).toBeAttached();
    const first = timeline.locator('.timeline-images img').first();
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(timeline.locator('.timeline-images img[fetchpriority]')).toHaveCount(1);
    const box = (await first.boundingBox())!;
    expect(Math.abs(box.width / box.height - 4 / 3)).toBeLessThan(0.02);

    // Written by another tab of Ada's, so only the realtime event brings it to this one.
    const status = await page.evaluate(async (eventId) => {
      const form = new FormData();
      form.append('message', 'Posted after the page came');
      form.append('platform', 'digital');
      return (await fetch(`/api/liveEvent/${eventId}/addTimelineEntry`, { method: 'POST', body: form })).status;
    }, slug);
    expect(status).toBe(201);
    const fresh = timeline.getByRole('article', { name: fill(T.postBy, { name: 'Ada Tester' }) }).filter({ hasText: 'Posted after the page came' });
    await expect(fresh).toBeVisible({ timeout: 10_000 });
    await expect(fresh.getByRole('button', { name: T.deletePost })).toBeVisible();

    await expect(timeline.getByText('Older post 60')).toHaveCount(0);
    await timeline.getByRole('button', { name: T.older }).click();
    await expect(timeline.getByText('Older post 60')).toBeVisible();
    expect(feedCalls).toHaveLength(3);
    expect(feedCalls[2]).toMatch(/getAllTimelineItems\?platform=digital&before=\d+$/);
    expect(errors, 'no console error, no React #418').toEqual([]);
  });

  test('a first view read long before the socket joins (a saved copy) is read again', { tag: '@desktop-only' }, async ({ page, request }) => {
    const { slug, origin } = await timelineEvent(request, 'first-view-stale', 'en', (file) => { file.features['stageChatEnabled'] = false; });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.clock.setFixedTime(Date.now() + 60_000);
    const reread = page.waitForRequest(/getAllTimelineItems\?platform=digital$/);
    await openStage(page, origin, slug, PEOPLE.ada);
    await reread;
    await expect(page.locator('#panel-timeline').getByRole('article').first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the post form alerts for a non-image and for more than 8 images', { tag: '@phone-only' }, async ({ page, request }) => {
    const { slug, origin } = await timelineEvent(request, 'alerts');
    await openStage(page, origin, slug, PEOPLE.ada);
    const form = page.locator('form.timeline-form:not(.is-comment)');
    const input = form.locator('input[type=file]');
    await input.setInputFiles({ name: 'notes.png', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(form.getByRole('alert')).toHaveText(T.alerts.notImage);
    const png = await photo();
    await input.setInputFiles(Array.from({ length: 9 }, (_, i) => ({ name: `p${i}.png`, mimeType: 'image/png', buffer: png })));
    await expect(form.getByRole('alert')).toHaveText(T.alerts.tooMany);
    await expect(form.getByRole('button', { name: T.sendPost })).toBeDisabled();
  });

  test('a promoted item opens the promoted page panel, and Back returns to the feed', { tag: '@desktop-only' }, async ({ page, request }) => {
    const { slug, origin } = await timelineEvent(request, 'promo');
    await openStage(page, origin, slug, PEOPLE.ada);
    const timeline = page.locator('#panel-timeline');
    await timeline.getByRole('button', { name: 'Enter the code' }).click();
    const panel = timeline.getByRole('region', { name: T.promotedPage });
    await expect(panel.getByLabel(en.polls.codeLabel)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await panel.getByRole('button', { name: T.back }).click();
    await expect(timeline.getByRole('button', { name: 'Enter the code' })).toBeVisible();
    await expect(timeline.getByLabel(T.postLabel).first()).toBeVisible();
  });

  test('speaks Norwegian in an nb event', { tag: '@phone-only' }, async ({ page, request }) => {
    const { slug, origin } = await timelineEvent(request, 'nb', 'nb');
    await openStage(page, origin, slug, PEOPLE.ben);
    const form = page.locator('form.timeline-form:not(.is-comment)');
    await expect(form.getByLabel(nb.timeline.postLabel)).toBeVisible();
    await form.getByLabel(nb.timeline.postLabel).fill('Hei alle sammen');
    await form.getByRole('button', { name: nb.timeline.sendPost }).click();
    const post = page.getByRole('article', { name: fill(nb.timeline.postBy, { name: 'Ben Tester' }) });
    await expect(post.getByText(nb.timeline.justNow)).toBeVisible();
    await expect(post.getByRole('button', { name: new RegExp(nb.timeline.like) })).toContainText(fill(nb.timeline.likes_other, { count: 0 }));
  });
});
