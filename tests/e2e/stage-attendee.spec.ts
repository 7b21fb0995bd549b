import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };
import demo from '../../events/demo.event.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './sign-in';
import { attemptSlug, importTestEvent, originOf, pauseVideos } from './stage-helpers';
import { islandsHydrated } from './sponsor-helpers';

/*
 * The live show as the attendee sees it (docs/stage.md): the tab row and its "More" menu, the
 * header's chat button, the player on a phone, in en and nb.
 */

type EventFile = Parameters<Parameters<typeof importTestEvent>[3] & object>[0];

/** An event of this test's own in `language` (the demo copied; `edit` changes it further, given the slug), its slug and origin. */
async function ownEvent(request: APIRequestContext, name: string, language: 'en' | 'nb', edit: (file: EventFile, slug: string) => void = () => undefined) {
  const slug = attemptSlug(`${name}-${language}-${test.info().project.name}`);
  const origin = originOf(test.info(), slug);
  await importTestEvent(request, origin, slug, (file) => { file['language'] = language; edit(file, slug); });
  return { slug, origin };
}

test.describe('stage tabs in Norwegian', () => {
  test('"Mer" lists the tabs the row has no room for, and the header opens the chat', async ({ page, request }) => {
    const { slug, origin } = await ownEvent(request, 'tabs', 'nb');
    await signIn(page, origin, slug);
    await page.goto(`${origin}/stage`);
    await expect(page.locator('[data-stage-tabs][data-arranged]')).toHaveCount(1);
    expect(await page.getByRole('tablist').getByRole('tab').count()).toBeLessThanOrEqual(5);
    await page.getByRole('button', { name: nb.stage.moreTabs, exact: true }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: nb.stage.tabs.chat }).click();
    await expect(page.getByRole('tab', { name: nb.stage.tabs.chat })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tablist').getByRole('tab').first().click();
    await page.locator('.stage-header').getByRole('button', { name: nb.stage.tabs.chat, exact: true }).click();
    await expect(page.getByRole('tabpanel', { name: nb.stage.tabs.chat })).toBeVisible();
  });
});

test.describe('the player on a phone', () => {
  test('"Watch the main stage" in the phone lobby opens the stage with its stream shown', { tag: '@phone-only' }, async ({ page }) => {
    await signIn(page, originOf(test.info()), 'demo');
    await page.goto('/');
    await page.getByRole('link', { name: demo.lobbyElements[0]!.options.mainStageLabel! }).click();
    await expect(page).toHaveURL(/\/stage\?watch$/);
    await expect(page.getByRole('region', { name: en.stream.region })).toBeInViewport();
    await expect(page.locator('.stage-header').getByRole('button', { name: en.stage.hideStream })).toHaveAttribute('aria-expanded', 'true');
  });

  for (const language of ['en', 'nb'] as const) {
    test(`in the web app the player floats in reach while the feed scrolls and closes (${language})`, async ({ page, request }) => {
      const T = language === 'en' ? en : nb;
      const { slug, origin } = await ownEvent(request, 'float', language);
      await signIn(page, origin, slug);
      await page.goto(`${origin}/webapp`);
      await islandsHydrated(page.locator('#stage-stream'));
      const picture = page.locator('#stage-stream .stream-media');
      await expect(picture).toBeInViewport();
      const close = page.getByRole('button', { name: T.stage.closeSmallPlayer });
      await expect(close).toBeHidden();

      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect(page.locator('[data-stage]')).toHaveAttribute('data-floating', 'true');
      await expect(picture).toBeInViewport({ ratio: 1 });
      // Small, under the header, clear of the tab bar at the bottom.
      const box = (await picture.boundingBox())!;
      const header = (await page.locator('.stage-header').boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(box.width).toBeLessThanOrEqual(301);
      await pauseVideos(page);
      await expectNoSeriousA11yViolations(page);

      await close.click();
      await expect(page.locator('[data-stage]')).toHaveAttribute('data-floating', 'false');
      await expect(picture).not.toBeInViewport();
      // Back at the top the player is in its place again, and floats again on the next scroll.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(picture).toBeInViewport();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect(page.locator('[data-stage]')).toHaveAttribute('data-floating', 'true');
    });
  }
});

test.describe('the full agenda', () => {
  for (const language of ['en', 'nb'] as const) {
    test(`opens wide at the session on now; cards name their room; a booking says "Booked" and names the one it overlaps (${language})`, async ({ page, request }) => {
      const T = language === 'en' ? en : nb;
      const { slug, origin } = await ownEvent(request, 'agenda', language, (file) => {
        // A Room Fjord session at the time of the main stage's "Geothermal beyond Iceland".
        const fjord = (file['sessions'] as { key: string; start: string; end: string }[]).find((s) => s.key === 'd1-fjord-storage')!;
        Object.assign(fjord, { start: 'now+70m', end: 'now+100m' });
      });
      await signIn(page, origin, slug);
      await page.goto(`${origin}/`);
      await page.getByRole('link', { name: T.lobby.fullAgenda }).click();
      await expect(page).toHaveURL(/\/stage\?tab=agenda&wide$/);
      const panel = page.locator('#panel-agenda');
      await islandsHydrated(panel);
      const sessions = panel.getByRole('article');
      // Scrolled to now: the first session that has not ended is in view, the ended ones before it are not.
      const onNow = sessions.filter({ hasNot: page.getByText(T.agenda.ended, { exact: true }) }).first();
      await expect(onNow).toBeInViewport();
      await expect(sessions.filter({ has: page.getByText(T.agenda.ended, { exact: true }) }).first()).not.toBeInViewport();
      if (test.info().project.name === 'desktop') {
        // Wide: the tabs take the window's width, the stream folded away until asked for.
        expect((await panel.boundingBox())!.width).toBeGreaterThan(1000);
        await expect(page.getByRole('region', { name: T.stream.region })).toBeHidden();
      }

      const geothermal = panel.getByRole('article', { name: 'Geothermal beyond Iceland' });
      const fjord = panel.getByRole('article', { name: 'Storing summer for winter' });
      await expect(geothermal.getByRole('link', { name: new RegExp(`^${T.agenda.goToRoom.replace('{{room}}', 'Main stage')}`) })).toBeVisible();
      // A room without a stream of its own does not send the attendee to the main stage.
      await expect(fjord.getByRole('link')).toHaveCount(0);

      await geothermal.getByRole('button', { name: new RegExp(`^${T.booking.attend}`) }).click();
      await expect(geothermal.getByText(T.booking.booked)).toBeVisible();
      await expect(geothermal.getByRole('button', { name: new RegExp(`^${T.booking.cancel}`) })).toBeVisible();
      await fjord.getByRole('button', { name: new RegExp(`^${T.booking.attend}`) }).click();
      await expect(fjord.getByText(T.booking.booked)).toBeVisible();
      await expect(panel.getByRole('status').filter({ hasText: '«Geothermal beyond Iceland»' })).toBeVisible();
      await pauseVideos(page);
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe('answering', () => {
  for (const language of ['en', 'nb'] as const) {
    test(`the answer dialog is titled by its kind, and on the wide stage the stream stays in view (${language})`, async ({ page, request }) => {
      const T = language === 'en' ? en : nb;
      const { slug, origin } = await ownEvent(request, 'kind', language, (file, own) => {
        // Access keys are unique across events.
        file['polls'] = structuredClone(demo.polls).map((poll) => ({ ...poll, accessKey: `${own}-${poll.key}` }));
      });
      await signIn(page, origin, slug);
      await page.goto(`${origin}/stage?watch`);
      await islandsHydrated(page.locator('.live-now-row'));
      const live = page.getByRole('region', { name: T.polls.liveNow });
      for (const [chip, kind] of [[/Nordic climate quiz/, T.polls.kind.quiz], [/Rate the keynote/, T.polls.kind.rating], [/Energy in 2035/, T.polls.kind.poll]] as const) {
        await live.getByRole('link', { name: chip }).click();
        const dialog = page.getByRole('dialog', { name: kind, exact: true });
        await expect(dialog).toBeVisible();
        if (test.info().project.name === 'desktop') {
          // Beside the picture, not over it.
          const [box, picture] = [(await dialog.boundingBox())!, (await page.locator('#stage-stream .stream-media').boundingBox())!];
          expect(box.x).toBeGreaterThanOrEqual(picture.x + picture.width);
        }
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    });
  }
});

test.describe('posting', () => {
  for (const language of ['en', 'nb'] as const) {
    test(`a new post is brought into view with a short confirmation (${language})`, async ({ page, request }) => {
      const T = language === 'en' ? en : nb;
      const { slug, origin } = await ownEvent(request, 'post', language);
      await signIn(page, origin, slug);
      await page.goto(`${origin}/${test.info().project.name === 'phone' ? 'webapp' : 'stage'}`);
      const panel = page.locator('#panel-timeline');
      await islandsHydrated(panel);
      // Read far down the feed first, as an attendee would before writing.
      await panel.getByRole('article').last().scrollIntoViewIfNeeded();
      const field = panel.getByLabel(T.timeline.postLabel);
      await field.click();
      await field.fill(`Hello from the ${language} test`);
      await panel.getByRole('button', { name: T.timeline.sendPost, exact: true }).click();
      await expect(panel.getByRole('status').filter({ hasText: T.timeline.posted })).toBeVisible();
      const post = panel.getByRole('article').filter({ hasText: `Hello from the ${language} test` });
      await expect(post).toBeInViewport();
      // First of the posts, below the promoted items.
      await expect(panel.locator('.timeline-feed > article').first()).toContainText(`Hello from the ${language} test`);
      await pauseVideos(page);
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe('smaller things', () => {
  for (const language of ['en', 'nb'] as const) {
    test(`the web app's header controls say what they do, and the lobby's Live-now block leads to the stage (${language})`, async ({ page, request }) => {
      const T = language === 'en' ? en : nb;
      const { slug, origin } = await ownEvent(request, 'labels', language);
      await signIn(page, origin, slug);
      await page.goto(`${origin}/webapp`);
      await islandsHydrated(page.locator('.stage-header'));
      const header = page.locator('.stage-header');
      await expect(header.getByRole('button', { name: T.stage.hideStream, exact: true })).toHaveAttribute('title', T.stage.hideStream);
      await expect(header.getByRole('link', { name: T.stage.home, exact: true })).toHaveAttribute('title', T.stage.home);
      await expect(header.getByRole('button', { name: T.stage.tabs.chat, exact: true })).toBeVisible();
      // Every control has a name of words, not an icon alone.
      const names = await header.locator('a, button').evaluateAll((elements) => elements
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim()));
      for (const name of names) expect(name).toMatch(/\p{L}{2,}/u);
      await header.getByRole('button', { name: T.stage.hideStream, exact: true }).click();
      await expect(header.getByRole('button', { name: T.stage.showStream, exact: true })).toHaveAttribute('title', T.stage.showStream);

      await page.goto(`${origin}/`);
      const go = page.getByRole('link', { name: demo.lobbyElements[0]!.options.mainStageLabel! });
      await expect(go).toBeVisible();
      await go.click();
      await expect(page).toHaveURL(/\/stage\?watch$/);
      await expect(page.getByRole('region', { name: T.stream.region }).first()).toBeVisible();
    });
  }
});

test.describe('times', () => {
  for (const language of ['en', 'nb'] as const) {
    test(`the programme names the event's zone where the viewer's clock differs (${language})`, async ({ browser, request }) => {
      const T = language === 'en' ? en : nb;
      const { slug, origin } = await ownEvent(request, 'zone', language, (file) => { file['timeZone'] = 'Europe/Oslo'; });
      const note = T.agenda.zoneNote.replace('{{city}}', 'Oslo');
      for (const [timezoneId, isSaid] of [['America/New_York', true], ['Europe/Berlin', false]] as const) {
        const context = await browser.newContext({ timezoneId, viewport: test.info().project.use.viewport ?? null });
        const page = await context.newPage();
        await signIn(page, origin, slug);
        await page.goto(`${origin}/stage?tab=agenda`);
        const panel = page.locator('#panel-agenda');
        await islandsHydrated(panel);
        await expect(panel.getByRole('article').first()).toBeVisible();
        await expect(panel.getByText(note)).toHaveCount(isSaid ? 1 : 0);
        await context.close();
      }
    });
  }
});
