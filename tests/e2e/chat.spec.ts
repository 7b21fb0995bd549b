import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { expectNoHorizontalOverflow } from './iframe-helpers';
import { islandsHydrated } from './sponsor-helpers';
import { signIn } from './sign-in';
import { attemptSlug, importTestEvent, originOf } from './stage-helpers';

const PASSWORD = 'chat-person-1';
const A = { email: 'alex@chat.test', name: 'Alex Andersen' };
const B = { email: 'bea@chat.test', name: 'Bea Berg' };
const ORGANISER = { email: 'oda@chat.test', name: 'Oda Fjeld' };
/**
 * Adds `count` messages to the one chat of the event `slug`, alternating the two authors, straight
 * into the server's SQLite file (the send limit would take minutes over HTTP). They are newer than
 * what the chat held.
 */
function writeHistory(slug: string, emails: [string, string], count: number): void {
  const db = new DatabaseSync(join(process.env['E2E_DATA_DIR'] ?? '', 'eventplatform.sqlite'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const { chatId } = db.prepare('select c.id as chatId from chats c join events e on e.id = c.event_id where e.slug = ?').get(slug) as { chatId: number };
    const userId = (email: string) => (db.prepare('select u.id as id from users u join events e on e.id = u.event_id where e.slug = ? and u.email = ?')
      .get(slug, email) as { id: number }).id;
    const authors = emails.map(userId);
    const insert = db.prepare('insert into chat_messages (chat_id, user_id, message, created_at) values (?, ?, ?, ?)');
    const start = Date.now() - 1000;
    for (let i = 0; i < count; i += 1) insert.run(chatId, authors[i % 2]!, `history ${i + 1}`, new Date(start + i).toISOString());
  } finally {
    db.close();
  }
}

const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));

/** A fresh event per test with two attendees and an organiser who all use one password. */
async function chatEvent(request: Parameters<typeof importTestEvent>[0], name: string, language = 'en'): Promise<{ slug: string; origin: string }> {
  const slug = attemptSlug(`chat-${test.info().project.name}-${name}`);
  const origin = originOf(test.info(), slug);
  await importTestEvent(request, origin, slug, (file) => {
    file['language'] = language;
    const users = file['users'] as Record<string, unknown>[];
    const template = users.find((u) => u['email'] === 'attendee@demo.test')!;
    for (const [person, organiser] of [[A, false], [B, false], [ORGANISER, true]] as const) {
      const [firstName, lastName] = person.name.split(' ');
      users.push({ ...template, email: person.email, firstName, lastName, password: PASSWORD, organiser, ticketCode: `${slug}-${person.email}` });
    }
  });
  return { slug, origin };
}

async function logInAs(page: Page, origin: string, slug: string, email: string): Promise<void> {
  await signIn(page, origin, slug, { username: email, password: PASSWORD });
}

async function secondPerson(browser: Browser, page: Page, origin: string, slug: string, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: page.viewportSize() ?? { width: 1280, height: 800 } });
  const other = await context.newPage();
  await logInAs(other, origin, slug, email);
  return other;
}

test.describe('chat', () => {
  // Two browsers and axe on a machine shared by many runs: generous.
  test.describe.configure({ timeout: 150_000 });

  test('A starts a chat from the lobby; B sees the unread badge on the chat button in the stage header live, reads and answers; A sees it live', async ({ page, browser, request }) => {
    const C = en.chat;
    const { slug, origin } = await chatEvent(request, 'live');
    const bPage = await secondPerson(browser, page, origin, slug, B.email);
    await bPage.goto(`${origin}/stage`);
    // Panels' islands wait for the page's load and their tab; the chat tab's island only for the load (client:afterload).
    await islandsHydrated(bPage.locator('#panel-chat'));
    // Whatever tab is open, the header's chat button carries the unread count and opens the chat tab.
    const chatTab = bPage.locator('.stage-header').getByRole('button', { name: new RegExp(`^${en.stage.tabs.chat}(?! with)`) });
    await expect(chatTab.locator('[data-chat-unread]')).toBeHidden();

    await logInAs(page, origin, slug, A.email);
    await page.goto(`${origin}/`);
    await islandsHydrated(page);
    await page.getByRole('button', { name: `${C.openChat}, ${fill(C.unread_other, { count: 0 })}` }).click();
    const dialog = page.getByRole('dialog', { name: C.title });
    await expect(dialog.getByText(C.empty)).toBeVisible();
    await dialog.getByRole('button', { name: C.newChat }).click();
    await dialog.getByRole('searchbox', { name: C.peopleSearch }).fill('Bea');
    await dialog.getByRole('button', { name: B.name }).click();
    const send = dialog.getByRole('button', { name: C.send });
    await expect(send).toBeDisabled();
    await dialog.getByRole('textbox', { name: C.messageLabel }).fill('Hello <b>Bea</b>!');
    await expect(send).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
    await send.click();
    await expect(dialog.getByRole('log').getByText('Hello <b>Bea</b>!')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: C.messageLabel })).toHaveValue('');

    // B's page was never reloaded: the badge counts the message.
    await expect(chatTab.locator('[data-chat-unread]')).toBeVisible({ timeout: 10_000 });
    await expect(chatTab.locator('[data-chat-unread]')).toContainText('1');
    // The badge lies wholly inside the button, so the header's row does not cut it off.
    const [badgeBox, buttonBox] = [(await chatTab.locator('[data-chat-unread]').boundingBox())!, (await chatTab.boundingBox())!];
    expect(badgeBox.y).toBeGreaterThanOrEqual(buttonBox.y);
    expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(buttonBox.x + buttonBox.width);
    await chatTab.click();
    const panel = bPage.getByRole('tabpanel', { name: en.stage.tabs.chat });
    // The search field and New chat fit the tab at 390 px (the field's own width pushed the button out).
    await expect(panel.getByRole('button', { name: C.newChat })).toBeVisible();
    expect(await panel.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const item = panel.getByRole('button', { name: new RegExp(A.name) });
    await expect(item).toContainText('Hello <b>Bea</b>!');
    await item.click();
    await expect(panel.getByRole('log').getByText('Hello <b>Bea</b>!')).toBeVisible();
    await expect(chatTab.locator('[data-chat-unread]')).toBeHidden();
    // A sees the message read.
    await expect(dialog.getByText(C.read, { exact: true })).toBeVisible({ timeout: 10_000 });

    await panel.getByRole('textbox', { name: C.messageLabel }).fill('Hi Alex');
    await panel.getByRole('textbox', { name: C.messageLabel }).press('Enter');
    await expect(dialog.getByRole('log').getByText('Hi Alex')).toBeVisible({ timeout: 10_000 });
    await expectNoHorizontalOverflow(bPage);

    // Closing the modal clears the selection; the navbar counts what arrives while closed.
    await dialog.getByRole('button', { name: C.close }).first().click();
    await expect(dialog).toBeHidden();
    await panel.getByRole('textbox', { name: C.messageLabel }).fill('Are you there?');
    await panel.getByRole('button', { name: C.send }).click();
    await expect(page.getByRole('button', { name: `${C.openChat}, ${fill(C.unread_one, { count: 1 })}` })).toBeVisible({ timeout: 10_000 });
    await bPage.context().close();
  });

  test('calls: someone online gets the call screen (calls not available yet), someone offline "Call not sent"', { tag: '@desktop-only' }, async ({ page, browser, request }) => {
    const C = en.chat;
    const { slug, origin } = await chatEvent(request, 'calls');
    const bPage = await secondPerson(browser, page, origin, slug, B.email);
    await bPage.goto(`${origin}/stage`);
    await islandsHydrated(bPage.locator('#panel-chat'));
    await logInAs(page, origin, slug, A.email);
    await page.goto(`${origin}/`);
    await islandsHydrated(page);
    await page.getByRole('button', { name: new RegExp(`^${C.openChat},`) }).click();
    const dialog = page.getByRole('dialog', { name: C.title });
    await dialog.getByRole('button', { name: C.newChat }).click();
    await dialog.getByRole('button', { name: new RegExp(B.name) }).click();
    await expect(dialog.getByText(C.online, { exact: true })).toBeVisible({ timeout: 10_000 });
    await dialog.getByRole('button', { name: fill(C.call, { name: B.name }) }).click();
    await expect(dialog.getByRole('heading', { name: fill(C.calling, { name: B.name }) })).toBeVisible();
    await expect(dialog.getByText(C.callsUnavailable)).toBeVisible();
    await dialog.getByRole('button', { name: C.endCall }).click();
    await expect(dialog.getByRole('heading', { name: C.callEnded })).toBeVisible();
    await dialog.getByRole('button', { name: C.backToChat }).click();

    // B leaves: after the grace period B is offline and a call is not sent.
    await bPage.context().close();
    await expect(dialog.getByText(C.offline, { exact: true })).toBeVisible({ timeout: 15_000 });
    await dialog.getByRole('button', { name: fill(C.call, { name: B.name }) }).click();
    const notSent = page.getByRole('dialog', { name: C.callNotSent });
    await expect(notSent.getByText(C.callNotSentText)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await notSent.getByRole('button', { name: C.ok }).last().click();
    await expect(notSent).toBeHidden();
  });

  test('clicking the other person\'s name asks for their profile', { tag: '@desktop-only' }, async ({ page, request }) => {
    const { slug, origin } = await chatEvent(request, 'profile');
    await logInAs(page, origin, slug, A.email);
    await page.goto(`${origin}/`);
    await islandsHydrated(page);
    await page.evaluate(() => {
      (window as unknown as { asked: unknown[] }).asked = [];
      window.addEventListener('ep:open-profile', (e) => (window as unknown as { asked: unknown[] }).asked.push((e as CustomEvent).detail));
    });
    await page.getByRole('button', { name: new RegExp(`^${en.chat.openChat},`) }).click();
    const dialog = page.getByRole('dialog', { name: en.chat.title });
    await dialog.getByRole('button', { name: en.chat.newChat }).click();
    await dialog.getByRole('button', { name: B.name }).click();
    await dialog.getByRole('button', { name: fill(en.chat.openProfile, { name: B.name }) }).click();
    const asked = await page.evaluate(() => (window as unknown as { asked: { userId: number }[] }).asked);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.userId).toBeGreaterThan(0);
  });

  test('the support icon opens a chat with the organisers, in Norwegian; an organiser answers', { tag: '@desktop-only' }, async ({ page, browser, request }) => {
    const C = nb.chat;
    const { slug, origin } = await chatEvent(request, 'support', 'nb');
    await logInAs(page, origin, slug, A.email);
    await page.goto(`${origin}/`);
    await islandsHydrated(page);
    await page.getByRole('button', { name: C.supportButton }).click();
    const dialog = page.getByRole('dialog', { name: C.title });
    await expect(dialog.getByRole('heading', { name: C.supportTeam })).toBeVisible();
    await dialog.getByRole('textbox', { name: C.messageLabel }).fill('Hjelp, lyden er borte');
    await dialog.getByRole('button', { name: C.send }).click();
    await expect(dialog.getByRole('log').getByText('Hjelp, lyden er borte')).toBeVisible();

    const organiser = await secondPerson(browser, page, origin, slug, ORGANISER.email);
    await organiser.goto(`${origin}/`);
    await islandsHydrated(organiser);
    await organiser.getByRole('button', { name: `${C.openChat}, ${fill(C.unread_one, { count: 1 })}` }).click();
    const orgDialog = organiser.getByRole('dialog', { name: C.title });
    await orgDialog.getByRole('button', { name: new RegExp(A.name) }).click();
    await orgDialog.getByRole('textbox', { name: C.messageLabel }).fill('Vi ser på det nå');
    await orgDialog.getByRole('button', { name: C.send }).click();
    await expect(dialog.getByRole('log').getByText('Vi ser på det nå')).toBeVisible({ timeout: 10_000 });
    await organiser.context().close();
  });

  test('a long conversation shows its newest messages and pages back to the first one, keeping the place', { tag: '@desktop-only' }, async ({ page, request }) => {
    const C = en.chat;
    const { slug, origin } = await chatEvent(request, 'history');
    await logInAs(page, origin, slug, A.email);
    await page.goto(`${origin}/`);
    await islandsHydrated(page);
    await page.getByRole('button', { name: new RegExp(`^${C.openChat},`) }).click();
    let dialog = page.getByRole('dialog', { name: C.title });
    await dialog.getByRole('button', { name: C.newChat }).click();
    await dialog.getByRole('button', { name: B.name }).click();
    await dialog.getByRole('textbox', { name: C.messageLabel }).fill('first hello');
    await dialog.getByRole('button', { name: C.send }).click();
    await expect(dialog.getByRole('log').getByText('first hello')).toBeVisible();
    writeHistory(slug, [A.email, B.email], 230);

    await page.reload();
    await islandsHydrated(page);
    await page.getByRole('button', { name: new RegExp(`^${C.openChat},`) }).click();
    dialog = page.getByRole('dialog', { name: C.title });
    await dialog.getByRole('button', { name: new RegExp(B.name) }).click();
    const log = dialog.getByRole('log');
    await expect(log.getByText('history 230', { exact: true })).toBeVisible();
    await expect(log.getByText('history 31', { exact: true })).toHaveCount(1);
    await expect(log.getByText('history 30', { exact: true })).toHaveCount(0);
    await log.evaluate((box) => { box.scrollTop = 0; });
    await dialog.getByRole('button', { name: C.earlier }).click();
    await expect(log.getByText('first hello')).toHaveCount(1);
    await expect(log.getByText('history 1', { exact: true })).toHaveCount(1);
    await expect(dialog.getByRole('button', { name: C.earlier })).toHaveCount(0);
    // The view stays on the messages it showed instead of jumping to the oldest one.
    expect(await log.evaluate((box) => box.scrollTop)).toBeGreaterThan(0);
  });
});
