import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import ExcelJS from 'exceljs';
import en from '../../locales/en.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { islandsHydrated } from './sponsor-helpers';
import { attemptSlug, importTestEvent, originOf } from './stage-helpers';

const RESULTS_PASSWORD = 'demo-results';

/**
 * Marks the attendee scanned-in in the server's database, so this spec tests the list alone;
 * check-in.spec.ts scans a ticket through the door page.
 */
function admit(slug: string, email: string): void {
  const db = new DatabaseSync(join(process.env['E2E_DATA_DIR'] ?? '', 'eventplatform.sqlite'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.prepare(`update registrations set admitted_at = ? where user_id =
      (select u.id from users u join events e on e.id = u.event_id where e.slug = ? and u.email = ?)`).run(new Date().toISOString(), slug, email);
  } finally {
    db.close();
  }
}

test.describe('admission page', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an organiser logs in, sees «Scanned in» first with counts, switches, searches and exports', async ({ page, request }) => {
    const A = en.admission;
    const slug = attemptSlug(`admission-${test.info().project.name}`);
    const origin = originOf(test.info(), slug);
    await importTestEvent(request, origin, slug, (file) => { file['resultsPassword'] = RESULTS_PASSWORD; file['language'] = 'en'; });
    admit(slug, 'attendee@demo.test');

    await page.goto(`${origin}/participantsAdmitted`);
    await expect(page).toHaveURL(/\/login-participants-results/);
    await islandsHydrated(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel(en.pollResults.password).fill(RESULTS_PASSWORD);
    await page.getByRole('button', { name: en.pollResults.login }).click();
    await expect(page).toHaveURL(/\/participantsAdmitted$/);
    await islandsHydrated(page);

    const scanned = page.getByRole('button', { name: new RegExp(`^${A.scannedIn} \\(1\\)$`) });
    await expect(scanned).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('cell', { name: 'attendee@demo.test' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const notScanned = page.getByRole('button', { name: new RegExp(`^${A.notScannedIn} \\(\\d+\\)$`) });
    await notScanned.click();
    await expect(notScanned).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('cell', { name: 'attendee@demo.test' })).toHaveCount(0);
    await expect(page.getByRole('cell', { name: 'organiser@demo.test' })).toBeVisible();
    await page.getByLabel(A.search).fill('organiser@');
    await expect(page.locator('.admission-table tbody tr')).toHaveCount(1);

    await scanned.click();
    await page.getByLabel(A.search).fill('');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: A.export }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${slug}-admission-\\d{8}-\\d{4}\\.xlsx$`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([A.columns.name, A.columns.lastName, A.columns.company, A.columns.email, A.columns.phone, A.columns.admittedAt]);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('attendee@demo.test');
  });
});
