import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { attemptSlug, importTestEvent, openStageTab, originOf } from './stage-helpers';
import { signIn } from './sign-in';

const isPhone = () => test.info().project.name === 'phone';

test.describe('information pages and documents on the stage', () => {
  // axe over the whole stage, with the stream playing, takes a while on desktop.
  test.describe.configure({ timeout: 90_000 });
  test('reads a personalised information page', async ({ page }) => {
    await signIn(page, originOf(test.info()), 'demo');
    await page.goto('/stage');
    const panel = await openStageTab(page, 'info');
    await panel.getByRole('button', { name: 'Welcome to the summit' }).click();
    await expect(panel.getByRole('heading', { name: 'Welcome to the summit' })).toBeFocused();
    await expect(panel.getByRole('heading', { name: 'Hi Alex, welcome!' })).toBeVisible();
    await expect(panel.getByText('Full pass')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await panel.getByRole('button', { name: 'Back to the list' }).click();
    await expect(panel.getByRole('button', { name: 'Practical information' })).toBeVisible();
  });

  test('previews a document only on wide screens and e-mails all documents', async ({ page }) => {
    await signIn(page, originOf(test.info()), 'demo');
    await page.goto('/stage');
    const panel = await openStageTab(page, 'documents');
    await expect(panel.getByText('Programme overview')).toBeVisible();
    await expect(panel.getByText(/^Added \d{2}\.\d{2}\.\d{4}$/).first()).toBeVisible();
    if (isPhone()) {
      await expect(panel.getByRole('button', { name: /^Preview/ })).toHaveCount(0);
      await expect(panel.getByRole('link', { name: 'Open Programme overview' })).toBeVisible();
    } else {
      await panel.getByRole('button', { name: 'Preview Programme overview' }).click();
      const dialog = page.getByRole('dialog', { name: 'Programme overview' });
      await expect(dialog.locator('iframe')).toHaveAttribute('src', '/demo/documents/programme-overview.pdf');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      await panel.getByRole('button', { name: 'Preview Venue map' }).click();
      await expect(page.getByRole('dialog', { name: 'Venue map' }).getByRole('img', { name: 'Venue map' })).toBeVisible();
      // axe with a dialog open; the image one, since axe crawling Chromium's PDF viewer takes most of a minute.
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');
    }
    await panel.getByRole('button', { name: 'E-mail me all documents' }).click();
    await expect(panel.getByText('The documents were sent to your e-mail.')).toBeVisible();
  });

  test('is in Norwegian on a Norwegian event', { tag: '@desktop-only' }, async ({ page, request }) => {
    const slug = attemptSlug(`content-nb-${test.info().project.name}`);
    const origin = originOf(test.info(), slug);
    await importTestEvent(request, origin, slug, (file) => { file['language'] = 'nb'; });
    await signIn(page, origin, slug);
    await page.goto(`${origin}/stage`);
    const documents = await openStageTab(page, 'documents');
    await expect(documents.getByRole('button', { name: 'Send meg alle dokumentene på e-post' })).toBeVisible();
    const info = await openStageTab(page, 'info');
    await info.getByRole('button', { name: 'Welcome to the summit' }).click();
    await expect(info.getByRole('button', { name: 'Tilbake til listen' })).toBeVisible();
  });
});
