import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';

test('an unknown event host shows the fallback page with a link to the provider and help', async ({ page, consoleErrors }) => {
  // An unknown host is answered 404 with the fallback page: on purpose.
  consoleErrors.allow(/status of 404 /);
  const port = new URL(test.info().project.use.baseURL ?? '').port;
  await page.goto(`http://nosuchevent.localhost:${port}/login`);
  await expect(page.getByRole('heading', { level: 1, name: 'This event could not be found' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Go to/ })).toHaveAttribute('href', /^https?:\/\//);
  await expect(page.getByRole('link', { name: 'Get help' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
