import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import ExcelJS from 'exceljs';
import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { islandsHydrated } from './sponsor-helpers';
import { attemptSlug, importTestEvent, originOf } from './stage-helpers';

const PIN = 'front-desk-2468';
const LIST = {
  key: 'reception', name: 'Reception desk', description: 'Everyone expected at the front desk.', pin: PIN,
  columns: ['name', 'lastName', { field: 'company', label: 'Organisation' }, 'email'],
};

async function openList(page: Page, language: 'en' | 'nb', name: string): Promise<string> {
  const slug = attemptSlug(`shared-list-${language}-${test.info().project.name}`);
  const origin = originOf(test.info(), slug);
  await importTestEvent(page.request, origin, slug, (file) => { file['language'] = language; file['sharedLists'] = [{ ...LIST, name }]; });
  return origin;
}

/** The table as the screen shows it: header and rows of cell texts. */
async function screenTable(page: Page): Promise<string[][]> {
  const header = await page.locator('.admission-table thead th').allTextContents();
  const rows = await page.locator('.admission-table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  return [header, ...rows];
}

test.describe('shared participant list', () => {
  test.describe.configure({ timeout: 120_000 });

  test('opens by PIN with the server-given header, counts, searches and exports what it shows', async ({ page, consoleErrors }) => {
    // A wrong PIN is a 404 page: on purpose.
    consoleErrors.allow(/status of 404 .*\/participants\/not-the-pin\)$/);
    const S = en.sharedList;
    const origin = await openList(page, 'en', LIST.name);

    const wrong = await page.goto(`${origin}/participants/not-the-pin`);
    expect(wrong?.status()).toBe(404);
    await expect(page.getByRole('alert')).toHaveText(S.notFound);
    await expect(page.locator('table')).toHaveCount(0);

    await page.goto(`${origin}/participants/${PIN}`);
    await islandsHydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: LIST.name })).toBeVisible();
    await expect(page.getByText(LIST.description)).toBeVisible();
    const rows = page.locator('.admission-table tbody tr');
    const count = await rows.count();
    // The demo's hidden attendees are left out: a list shows them only with includeHidden.
    expect(count).toBeGreaterThan(10);
    await expect(page.getByRole('status')).toHaveText(S.showing_other.replace('{{count}}', String(count)));
    await expect(page.getByRole('columnheader', { name: 'Organisation' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'mette.kristensen@demo.test' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel(S.search).fill('  KVITFJELL ');
    await expect(rows).toHaveCount(1);
    await expect(page.getByRole('status')).toHaveText(`Showing 1 of ${count} attendees`);
    await expect(page.getByRole('cell', { name: 'attendee@demo.test' })).toBeVisible();
    await page.getByLabel(S.search).fill('');
    await expect(rows).toHaveCount(count);

    const shown = await screenTable(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: S.export, exact: true }).click()]);
    expect(download.suggestedFilename()).toMatch(/-reception-\d{8}-\d{4}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet: string[][] = [];
    workbook.worksheets[0]!.eachRow((row) => sheet.push(shown[0]!.map((_, i) => row.getCell(i + 1).text)));
    expect(sheet).toEqual(shown);
  });

  test('speaks the event\'s language (nb)', { tag: '@desktop-only' }, async ({ page }) => {
    const origin = await openList(page, 'nb', 'Resepsjonen');
    await page.goto(`${origin}/participants/${PIN}`);
    await islandsHydrated(page);
    const count = await page.locator('.admission-table tbody tr').count();
    await expect(page.getByRole('status')).toHaveText(nb.sharedList.showing_other.replace('{{count}}', String(count)));
    await expect(page.getByRole('columnheader', { name: nb.admission.columns.lastName })).toBeVisible();
    await expect(page.getByLabel(nb.sharedList.search)).toBeVisible();
    await expect(page.getByRole('link', { name: nb.sharedList.exportCsv })).toBeVisible();
  });
});
