import { expect, type Page } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };

/** The locale texts of the page's own language (the demo event decides en or nb). */
export async function textsOf(page: Page): Promise<typeof en> {
  const lang = await page.locator('html').getAttribute('lang');
  return lang === 'nb' ? nb : en;
}

/** Nothing sticks out sideways (the phone project runs at 390 px). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}
