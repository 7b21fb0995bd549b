import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { attemptSlug, chooseTab, expectVideoAdvances, importTestEvent, originOf, pauseVideos, PLAYING, sessionIdByLiveUrl, stageTab } from './stage-helpers';
import { signIn } from './sign-in';

const isPhone = () => test.info().project.name === 'phone';

async function showStreamIfHidden(page: Page): Promise<void> {
  // docs/product.md §9: below 1023 px the stage starts with the stream hidden.
  if (isPhone()) await page.getByRole('button', { name: 'Show stream' }).click();
}

test.describe('stage', () => {
  test.describe('with the stream playing', () => {
    test.use(PLAYING);
    test('plays the main stage, switches to a session stream with ?session and goes back to main', async ({ page, request }) => {
      test.setTimeout(60_000); // three streams start and an axe scan runs
      const origin = originOf(test.info());
      await signIn(page, origin, 'demo');
      await page.goto('/stage');
      await showStreamIfHidden(page);
      await expect(page.getByText('Now playing: Main stage')).toBeVisible();
      await expectVideoAdvances(page);
      await pauseVideos(page);
      await expectNoSeriousA11yViolations(page);

      const sessionId = await sessionIdByLiveUrl(request, origin, 'demo', '/media/breakout/index.m3u8');
      await page.goto(`/stage?session=${sessionId}`);
      // Opening a session's stream means coming to watch: the stream is shown at every width.
      await expect(page.getByRole('region', { name: 'Live stream' })).toBeVisible();
      await expect(page.getByText('Now playing: Workshop: Measure the carbon cost of your cloud')).toBeVisible();
      await expectVideoAdvances(page);
      await page.getByRole('button', { name: 'Back to main stream' }).click();
      await expect(page.getByText('Now playing: Main stage')).toBeVisible();
      await expect(page).toHaveURL(/\/stage$/);
      await expect(page.getByRole('button', { name: 'Back to main stream' })).toHaveCount(0);
      await expectVideoAdvances(page);
    });
  });

  test('an unknown session opens the main stage with the address cleaned', { tag: '@desktop-only' }, async ({ page }) => {
    await signIn(page, originOf(test.info()), 'demo');
    await page.goto('/stage?session=987654');
    await expect(page).toHaveURL(/\/stage$/);
    await showStreamIfHidden(page);
    await expect(page.getByText('Now playing: Main stage')).toBeVisible();
  });

  test('exactly one tab is active, the first by default, and arrow keys move between tabs', { tag: '@desktop-only' }, async ({ page }) => {
    await signIn(page, originOf(test.info()), 'demo');
    await page.goto('/stage');
    const tabs = page.getByRole('tablist', { name: 'Stage content' }).getByRole('tab');
    await expect(tabs.first()).toHaveText('Summit feed');
    await expect(page.locator('[role="tab"][aria-selected="true"]')).toHaveCount(1);
    await expect(page.getByRole('tabpanel', { name: 'Summit feed' })).toBeVisible();
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Programme' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Programme' })).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Programme' })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Summit feed' })).toBeHidden();
    await chooseTab(page, 'Chat');
    await expect(stageTab(page, 'chat')).toHaveAttribute('aria-selected', 'true');
    await chooseTab(page, 'Speakers');
    await expect(page.getByRole('tabpanel', { name: 'Speakers' })).toBeVisible();
    await expect(page.locator('[role="tab"][aria-selected="true"]')).toHaveCount(1);
    // Lobby element labels rename tabs (docs/product.md §2): the sponsors element says "All partners".
    await expect(stageTab(page, 'sponsors')).toHaveText('All partners');
    await expect(page.getByRole('link', { name: 'Back to lobby' })).toHaveAttribute('href', '/');
    await pauseVideos(page);
  });

  test('tabs follow the stage flags of the event', { tag: '@desktop-only' }, async ({ page, request }) => {
    const slug = attemptSlug(`stageflags-${test.info().project.name}`);
    const origin = originOf(test.info(), slug);
    await importTestEvent(request, origin, slug, (file) => {
      file.features['stageTabSpeakers'] = false;
      file.features['stageChatEnabled'] = false;
      file.features['lobbyEnabled'] = false;
    });
    await signIn(page, origin, slug);
    await page.goto(`${origin}/stage`);
    await expect(page.getByRole('tab', { name: 'Programme' })).toBeVisible();
    await expect(stageTab(page, 'speakers')).toHaveCount(0);
    await expect(stageTab(page, 'chat')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to lobby' })).toHaveCount(0);

    await importTestEvent(request, origin, slug);
    await page.reload();
    await expect(stageTab(page, 'speakers')).toHaveCount(1);
    await expect(stageTab(page, 'chat')).toHaveCount(1);
  });

  test('the stream hides on narrow screens until shown, and the sidebar collapses on wide ones', async ({ page }) => {
    await signIn(page, originOf(test.info()), 'demo');
    await page.goto('/stage');
    const region = page.getByRole('region', { name: 'Live stream' });
    const sidebar = page.getByRole('complementary', { name: 'Stage content' });
    if (isPhone()) {
      await expect(region).toBeHidden();
      await page.getByRole('button', { name: 'Show stream' }).click();
      await expect(region).toBeVisible();
      await expect(page.getByRole('button', { name: 'Hide stream' })).toHaveAttribute('aria-expanded', 'true');
      await page.getByRole('button', { name: 'Hide stream' }).click();
      await expect(region).toBeHidden();
      await expect(page.getByRole('button', { name: 'Hide sidebar' })).toBeHidden();
    } else {
      await expect(region).toBeVisible();
      await expect(page.getByRole('button', { name: 'Show stream' })).toBeHidden();
      await page.getByRole('button', { name: 'Hide sidebar' }).click();
      await expect(sidebar).toBeHidden();
      await page.getByRole('button', { name: 'Show sidebar' }).click();
      await expect(sidebar).toBeVisible();
    }
  });
});
