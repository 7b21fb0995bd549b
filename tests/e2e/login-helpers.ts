import { randomBytes, createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

const port = process.env['E2E_PORT'] ?? '4399';
const dataDir = process.env['E2E_DATA_DIR'] ?? '';

export const PASSWORD = 'e2e-password-1';

export interface TestEvent {
  slug: string;
  origin: string;
  email: string;
  /** The account's phone without spaces, as SMS messages in the outbox name it. */
  phone: string;
  /** The event file it was imported from: change it and `reimportEvent` to update the event. */
  file: Record<string, unknown>;
}

let counter = 0;

/** Imports (or re-imports: the slug names the event) an event file through the admin API. */
export async function reimportEvent(request: APIRequestContext, file: Record<string, unknown>): Promise<void> {
  // Node does not resolve *.localhost as Chromium does; the admin API lives on the bare host.
  const response = await request.post(`http://127.0.0.1:${port}/api/admin/events/import`, {
    headers: { host: `localhost:${port}`, authorization: 'Bearer e2e-admin-token' }, data: file,
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * A fresh event through the admin import API, so each test has its own accounts, rate limits
 * and terms state. `overrides` change the event file's top-level fields.
 */
export async function importTestEvent(request: APIRequestContext, overrides: Record<string, unknown> = {}, userFields: Record<string, unknown> = {}): Promise<TestEvent> {
  const slug = `e2e${process.pid.toString(36)}${(counter += 1).toString(36)}${randomBytes(2).toString('hex')}`;
  const email = `ada@${slug}.test`;
  const phone = `+474${String(randomBytes(4).readUInt32BE() % 10_000_000).padStart(7, '0')}`;
  const file = {
    slug, name: `Event ${slug}`, timeZone: 'Europe/Oslo', start: 'now-1h', end: '+1d 17:00',
    liveLobby: true, liveStage: true, liveWebApp: true,
    termsText: '<p>Be kind to each other.</p>',
    features: { lobbyEnabled: true, webAppSupport: true, stageTabParticipants: true, stageTabProfile: true, stageQrTicketsEnabled: true },
    users: [{ email, firstName: 'Ada', lastName: 'Lovelace', password: PASSWORD, phone, ticketCode: `T-${slug}`, ...userFields }],
    ...overrides,
  };
  await reimportEvent(request, file);
  return { slug, origin: `http://${slug}.localhost:${port}`, email, phone, file };
}

/** The newest outbox message of a kind (file names sort by time) that arrived after `since`. */
export async function waitForOutbox(kind: string, since: number, match: (text: string) => boolean = () => true): Promise<string> {
  const folder = join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.includes(`-${kind}.`)).sort().reverse();
    for (const name of names) {
      const stamp = Date.parse(name.slice(0, 24).replace(/^(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z.*/, '$1T$2:$3:$4.$5Z'));
      if (Number.isFinite(stamp) && stamp < since - 1000) continue;
      const text = decodeQuotedPrintable(await readFile(join(folder, name), 'utf8'));
      if (match(text)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${kind} message in ${folder}`);
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * A passwordless link row written straight into the server's SQLite file (WAL allows a second
 * connection): the platform issues first links at registration, which is outside these screens.
 */
export function insertLoginLink(event: TestEvent, { isExpired }: { isExpired: boolean }): string {
  const token = randomBytes(32).toString('base64url');
  const db = new DatabaseSync(join(dataDir, 'eventplatform.sqlite'));
  try {
    db.exec('PRAGMA busy_timeout = 5000'); // the server writes to the same file
    const row = db.prepare('select u.id as userId, u.event_id as eventId from users u join events e on e.id = u.event_id where e.slug = ? and u.email = ?')
      .get(event.slug, event.email) as { userId: number; eventId: number };
    const now = Date.now();
    db.prepare('insert into login_links (event_id, user_id, token_hash, created_at, expires_at) values (?, ?, ?, ?, ?)').run(
      row.eventId, row.userId, createHash('sha256').update(token).digest('base64url'),
      new Date(now - 3_600_000).toISOString(), new Date(isExpired ? now - 1_800_000 : now + 1_800_000).toISOString(),
    );
  } finally {
    db.close();
  }
  return token;
}

/** Astro drops the `ssr` attribute from an island once it has hydrated. */
/**
 * Resolves once every `client:load` island of the page has hydrated. Waiting for "any island"
 * is not enough: the login page also has a `client:idle` install prompt, which can hydrate first.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector('astro-island:not([ssr])', { state: 'attached' });
  await page.waitForFunction(() => document.querySelectorAll('astro-island[client="load"][ssr]').length === 0, undefined, { timeout: 15_000 });
}

export async function fillLogin(page: Page, email: string, password = PASSWORD): Promise<void> {
  // A click before hydration would submit the plain form (which, without JavaScript, logs nobody in).
  await waitForHydration(page);
  await page.getByLabel(/^(E-mail|E-post)$/).fill(email);
  await page.getByLabel(/^(Password|Passord)$/).fill(password);
}

/** On wide screens a hybrid event asks how the attendee takes part (docs/product.md §2). */
export async function chooseDigitalIfAsked(page: Page): Promise<void> {
  const digital = page.getByRole('radio', { name: /^(Digital|Digitalt)$/ });
  if (await digital.isVisible()) await digital.check();
}
