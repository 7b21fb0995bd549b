import nb from '../../locales/nb.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { signIn } from './sign-in';
import { attemptSlug, importTestEvent, originOf } from './stage-helpers';

/*
 * The live show as the attendee sees it (docs/stage.md): the tab row and its "More" menu, the
 * header's chat button, the player on a phone, in en and nb.
 */

test.describe('stage tabs in Norwegian', () => {
  test('"Mer" lists the tabs the row has no room for, and the header opens the chat', async ({ page, request }) => {
    const slug = attemptSlug(`tabs-nb-${test.info().project.name}`);
    const origin = originOf(test.info(), slug);
    await importTestEvent(request, origin, slug, (file) => { file['language'] = 'nb'; });
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
