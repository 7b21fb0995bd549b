import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import en from '../../locales/en.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { expectNoHorizontalOverflow } from './iframe-helpers';
import { chooseTabById, originOf } from './stage-helpers';
import { signIn } from './sign-in';

async function openSpeakers(page: Page): Promise<Locator> {
  await signIn(page, originOf(test.info()), 'demo');
  await page.goto('/stage');
  await chooseTabById(page, 'speakers');
  const panel = page.locator('#panel-speakers');
  await expect(panel.locator('.speaker-item').first()).toBeVisible();
  // The list is server-rendered: typing before the island hydrates would be lost.
  await expect(panel.locator('astro-island:not([ssr])').first()).toBeAttached();
  return panel;
}

test.describe('stage speakers tab', () => {
  // The info modal's axe scan covers the whole stage (player included): slow on a loaded machine.
  test.describe.configure({ timeout: 90_000 });
  test('searches speakers after a pause and shows every speaker again when cleared', async ({ page }) => {
    const panel = await openSpeakers(page);
    const all = await panel.locator('.speaker-item').count();
    expect(all).toBeGreaterThan(5);
    const search = panel.getByLabel(en.speakers.search, { exact: true });
    await search.fill('solberg');
    await expect(panel.locator('.speaker-item')).toHaveCount(1);
    await expect(panel.getByRole('heading', { name: 'Ingrid Solberg' })).toBeVisible();
    await search.fill('no such speaker zzz');
    await expect(panel.getByText(en.speakers.noMatch)).toBeVisible();
    await search.fill('');
    await expect(panel.locator('.speaker-item')).toHaveCount(all);
    await expectNoHorizontalOverflow(page);
  });

  test('filters by speaker category', { tag: '@desktop-only' }, async ({ page }) => {
    const panel = await openSpeakers(page);
    const all = await panel.locator('.speaker-item').count();
    const select = panel.getByLabel(en.speakers.category, { exact: true });
    const options = await select.locator('option').count();
    expect(options).toBeGreaterThan(1);
    await select.selectOption({ index: 1 });
    await expect.poll(() => panel.locator('.speaker-item').count()).toBeLessThan(all);
  });

  test('keeps a category chosen on a slow phone before the tab has hydrated', { tag: '@desktop-only' }, async ({ page }) => {
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route(/\/_astro\/SpeakersTab\.[\w-]+\.js$/, async (route) => { await held; await route.continue(); });
    await signIn(page, originOf(test.info()), 'demo');
    await page.goto('/stage');
    await chooseTabById(page, 'speakers');
    const panel = page.locator('#panel-speakers');
    // The server rendered the list and the select; the island's script is held back.
    await expect(panel.locator('.speaker-item').first()).toBeVisible();
    const all = await panel.locator('.speaker-item').count();
    const select = panel.getByLabel(en.speakers.category, { exact: true });
    const chosen = await select.locator('option').nth(1).getAttribute('value');
    await select.selectOption({ index: 1 });
    await expect(panel.locator('astro-island[ssr]').first()).toBeAttached();
    release();
    await expect(panel.locator('astro-island[ssr]')).toHaveCount(0);
    await expect.poll(() => panel.locator('.speaker-item').count()).toBeLessThan(all);
    await expect(select).toHaveValue(chosen ?? '');
  });

  test('opens the speaker info and sessions modals with contact links', { tag: '@desktop-only' }, async ({ page }) => {
    const panel = await openSpeakers(page);
    const name = 'Ingrid Solberg';
    const item = panel.locator('.speaker-item', { has: page.getByRole('heading', { name }) });
    await item.getByRole('button', { name: `${en.speakers.moreInfo}: ${name}` }).click();
    const info = page.getByRole('dialog', { name: `About ${name}` });
    await expect(info).toBeVisible();
    await expect(info.getByText(en.speakers.phone)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(info).toBeHidden();

    await item.getByRole('button', { name: `${en.speakers.showSessions}: ${name}` }).click();
    const sessions = page.getByRole('dialog', { name: `Sessions with ${name}` });
    await expect(sessions.getByRole('columnheader', { name: en.speakers.sessionTime })).toBeVisible();
    await expect(sessions.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(/^\d{2}:\d{2}–\d{2}:\d{2}$/);
    await expect(sessions.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);
    await sessions.getByRole('button', { name: en.speakers.close }).last().click();
    await expect(sessions).toBeHidden();
  });
});
