import type { APIRequestContext, Locator, Page } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { pollRow, unfold } from './console-helpers';
import { signIn } from './sign-in';
import { fill, makeFjordsQuiz } from './poll-editor-helpers';
import { islandsHydrated } from './sponsor-helpers';
import { ATTENDEE, attemptSlug, importTestEvent, originOf } from './stage-helpers';

const ORGANISER = { username: 'organiser@demo.test', password: 'demo-organiser-1' };
const isPhone = () => test.info().project.name === 'phone';

/** A fresh event of the demo's file with no polls of its own: what the organiser makes here is all there is. */
async function emptyEvent(request: APIRequestContext, name: string, language = 'en'): Promise<{ slug: string; origin: string }> {
  const slug = attemptSlug(`console-polls-${test.info().project.name}-${name}`);
  const origin = originOf(test.info(), slug);
  await importTestEvent(request, origin, slug, (file) => {
    file['language'] = language;
    file['polls'] = [];
  });
  return { slug, origin };
}

async function attendeeOnStage(page: Page, origin: string, slug: string): Promise<Page> {
  const context = await page.context().browser()!.newContext({ viewport: page.viewportSize() ?? { width: 1280, height: 800 }, isMobile: isPhone() });
  const attendee = await context.newPage();
  await signIn(attendee, origin, slug, ATTENDEE);
  await attendee.goto(`${origin}/stage`);
  await islandsHydrated(attendee.locator('#panel-timeline'));
  return attendee;
}

test.describe('preparing polls in the console', () => {
  test.describe.configure({ timeout: 180_000 });

  test('during the show an organiser types a poll with three alternatives on the Polls panel, opens it and puts it on the stage in a few taps; an attendee answers it', async ({ page, request }) => {
    const { slug, origin } = await emptyEvent(request, 'spot');
    const attendee = await attendeeOnStage(page, origin, slug);
    await signIn(page, origin, slug, ORGANISER);
    await page.goto(`${origin}/console`);
    await islandsHydrated(page.locator('#main'));

    let taps = 0;
    const tap = async (target: Locator) => { taps += 1; await target.click(); };
    const started = Date.now();
    const Q = en.console.quickPoll;
    await tap(page.getByText(Q.title));
    await tap(page.getByLabel(Q.question));
    await page.keyboard.type('Coffee or tea?');
    for (const [index, text] of ['Coffee', 'Tea', 'Both'].entries()) {
      await tap(page.getByLabel(fill(Q.alternative, { number: index + 1 })));
      await page.keyboard.type(text);
    }
    await expect(page.getByLabel(Q.onStage)).toBeChecked();
    await tap(page.getByRole('button', { name: Q.send }));
    const poll = pollRow(page, 'Coffee or tea?');
    await expect(poll.getByText(en.console.polls.open, { exact: true })).toBeVisible();
    await expect(poll.getByText(en.console.polls.onStage)).toBeVisible();
    // On the attendee's stage: in their timeline as a promoted poll they open and answer.
    const timeline = attendee.locator('#panel-timeline');
    await expect(timeline.getByRole('button', { name: 'Coffee or tea?' })).toBeVisible();
    const seconds = (Date.now() - started) / 1000;
    test.info().annotations.push({ type: 'quick poll', description: `${taps} taps, ${seconds.toFixed(1)} s to the attendee's stage` });
    expect(taps).toBeLessThanOrEqual(6);
    expect(seconds).toBeLessThan(30);

    await timeline.getByRole('button', { name: 'Coffee or tea?' }).click();
    const promoted = timeline.getByRole('region', { name: en.timeline.promotedPage });
    await promoted.getByRole('radio', { name: 'Tea' }).check();
    await promoted.getByRole('button', { name: en.polls.send }).click();
    await expect(poll.getByTestId('poll-answers')).toHaveText(fill(en.console.polls.answers_one, { count: 1 }));
    await expectNoSeriousA11yViolations(page);
    await attendee.context().close();
  });

  test('an organiser makes a rating poll of three points and a quiz in the editor; an answered poll keeps its alternatives and is archived with its results', async ({ page, request }) => {
    const E = en.console.pollEditor;
    const { slug, origin } = await emptyEvent(request, 'editor');
    await signIn(page, origin, slug, ORGANISER);
    await page.goto(`${origin}/console`);
    await page.getByRole('navigation', { name: en.console.areas.label }).getByRole('link', { name: en.console.areas.polls }).click();
    await expect(page).toHaveURL(/\/console\/polls$/);
    await islandsHydrated(page.locator('#main'));

    // A rating poll from its scale; a missing title is named next to its field, with focus there.
    await page.getByRole('button', { name: E.new, exact: true }).click();
    await page.getByLabel(E.fields.questionType).selectOption({ label: en.polls.kind.rating });
    await page.getByRole('button', { name: E.save }).click();
    await expect(page.getByLabel(E.fields.title)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(E.fields.title)).toBeFocused();
    await page.getByLabel(E.fields.title).fill('Rate the keynote');
    await page.getByLabel(E.fields.scale).fill('3');
    await page.getByRole('button', { name: E.save }).click();
    await expect(page.getByRole('status')).toHaveText(E.saved);
    await expect(page.getByRole('button', { name: /Rate the keynote/ })).toBeVisible();

    // A quiz with one question and its correct answer.
    await makeFjordsQuiz(page);
    await expectNoSeriousA11yViolations(page);

    // The attendee answers the rating once the organiser opens it on the live console.
    await page.goto(`${origin}/console`);
    await islandsHydrated(page.locator('#main'));
    const live = pollRow(page, 'Rate the keynote');
    await unfold(live);
    await live.getByRole('button', { name: en.console.polls.openIt }).click();
    await live.getByRole('button', { name: en.console.polls.promote }).click();
    const attendee = await attendeeOnStage(page, origin, slug);
    const timeline = attendee.locator('#panel-timeline');
    await timeline.getByRole('button', { name: 'Rate the keynote' }).click();
    const promoted = timeline.getByRole('region', { name: en.timeline.promotedPage });
    await promoted.getByRole('radio', { name: '3' }).check();
    await promoted.getByRole('button', { name: en.polls.send }).click();
    await expect(live.getByTestId('poll-answers')).toHaveText(fill(en.console.polls.answers_one, { count: 1 }));
    await attendee.context().close();

    // With an answer its points stay; deleting it asks, and archives it with its results.
    await page.goto(`${origin}/console/polls`);
    await islandsHydrated(page.locator('#main'));
    await page.getByRole('button', { name: /Rate the keynote/ }).click();
    await expect(page.getByText(fill(E.lockedHint_one, { count: 1 }))).toBeVisible();
    await expect(page.getByLabel(E.fields.scale)).toBeDisabled();
    await page.getByRole('button', { name: E.delete }).click();
    const dialog = page.getByRole('dialog', { name: E.deleteTitle });
    await expect(dialog).toContainText(fill(E.archiveText_one, { count: 1, title: 'Rate the keynote' }));
    await dialog.getByRole('button', { name: E.archiveConfirm }).click();
    await expect(page.getByRole('button', { name: /Rate the keynote/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Fjords/ })).toBeVisible();
  });

  test('the editor previews the poll as attendees see it in each language, and its alternatives move by drag and by keyboard', async ({ page, request }) => {
    const E = en.console.pollEditor;
    const { slug, origin } = await emptyEvent(request, 'preview');
    await signIn(page, origin, slug, ORGANISER);
    await page.goto(`${origin}/console/polls`);
    await islandsHydrated(page.locator('#main'));
    await page.getByRole('button', { name: E.new, exact: true }).click();
    await page.getByLabel(E.fields.title).fill('Coffee or tea?');
    const alternative = (number: number) => page.getByLabel(fill(E.alternative, { number, of: 'Coffee or tea?' }));
    for (const [index, text] of ['Coffee', 'Tea', 'Both'].entries()) await alternative(index + 1).fill(text);
    const preview = page.getByTestId('poll-preview');
    const order = async () => Promise.all([1, 2, 3].map((n) => alternative(n).inputValue()));
    const shown = () => preview.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.closest('label')?.textContent ?? ''));
    await expect(preview.getByRole('heading', { name: 'Coffee or tea?' })).toBeVisible();
    await expect.poll(shown).toEqual(['Coffee', 'Tea', 'Both']);
    // The attendees' own controls, to try.
    await preview.getByRole('radio', { name: 'Tea' }).check();
    await expect(preview.getByRole('group', { name: en.polls.chooseOne })).toBeVisible();

    // Drag with a mouse (a wide screen); the ↑/↓ buttons from the keyboard at any width.
    if (!isPhone()) {
      // The browser's drag events, as a mouse drag sends them (the headless shell starts no drag from mouse moves).
      const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
      const [grip, target] = [page.getByTestId('grip-poll-2'), page.getByTestId('alternative-poll-0')];
      await grip.dispatchEvent('dragstart', { dataTransfer });
      await expect(page.getByTestId('alternative-poll-2')).toHaveClass(/is-dragged/);
      await target.dispatchEvent('dragover', { dataTransfer });
      await target.dispatchEvent('drop', { dataTransfer });
      await grip.dispatchEvent('dragend', { dataTransfer });
      expect(await order()).toEqual(['Both', 'Coffee', 'Tea']);
    } else {
      await page.getByRole('button', { name: fill(E.up, { number: 3 }) }).click();
      await page.getByRole('button', { name: fill(E.up, { number: 2 }) }).click();
      expect(await order()).toEqual(['Both', 'Coffee', 'Tea']);
    }
    await page.getByRole('button', { name: fill(E.down, { number: 1 }) }).focus();
    await page.keyboard.press('Enter');
    expect(await order()).toEqual(['Coffee', 'Both', 'Tea']);
    await expect.poll(shown).toEqual(['Coffee', 'Both', 'Tea']);
    // A choice tried before the alternatives moved is not carried onto another one.
    await expect(preview.getByRole('radio', { checked: true })).toHaveCount(0);

    // Each language attendees may see: the event's own first.
    const languages = page.getByRole('group', { name: E.preview.language });
    await expect(languages.getByRole('button', { name: E.preview.en })).toHaveAttribute('aria-pressed', 'true');
    await languages.getByRole('button', { name: E.preview.nb }).click();
    await expect(preview).toHaveAttribute('lang', 'nb');
    await expect(preview.getByRole('group', { name: nb.polls.chooseOne })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: E.save }).click();
    await expect(page.getByRole('status')).toHaveText(E.saved);
    expect(await order()).toEqual(['Coffee', 'Both', 'Tea']);
  });

  test('speaks Norwegian in an nb event', { tag: '@phone-only' }, async ({ page, request }) => {
    const N = nb.console;
    const { slug, origin } = await emptyEvent(request, 'nb', 'nb');
    await signIn(page, origin, slug, ORGANISER);
    await page.goto(`${origin}/console/polls`);
    await islandsHydrated(page.locator('#main'));
    await expect(page.getByRole('heading', { level: 2, name: N.pollEditor.listTitle })).toBeVisible();
    await page.getByRole('button', { name: N.pollEditor.new }).click();
    await expect(page.getByRole('heading', { level: 2, name: N.pollEditor.newTitle })).toBeFocused();
    await page.getByLabel(N.pollEditor.fields.title).fill('Kaffe eller te?');
    await page.getByLabel(fill(N.pollEditor.alternative, { number: 1, of: 'Kaffe eller te?' })).fill('Kaffe');
    await page.getByRole('button', { name: N.pollEditor.save }).click();
    await expect(page.getByText(fill(N.pollEditor.invalid, { field: N.pollEditor.fields.alternatives }))).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
