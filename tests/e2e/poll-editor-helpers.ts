import type { Page } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import nb from '../../locales/nb.json' with { type: 'json' };
import { expect } from './fixtures';

/** `{{name}}` placeholders of a locale text filled in, as i18next does. */
export const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));

/**
 * In the open poll editor (/console/polls), a quiz "Fjords" with one question whose first
 * alternative, "Sognefjorden", is correct; waits for "Saved.".
 */
export async function makeFjordsQuiz(page: Page, language: 'en' | 'nb' = 'en'): Promise<void> {
  const L = language === 'nb' ? nb : en;
  const E = L.console.pollEditor;
  await page.getByRole('button', { name: E.new, exact: true }).click();
  await page.getByLabel(E.fields.questionType).selectOption({ label: L.polls.kind.quiz });
  await page.getByLabel(E.fields.title).fill('Fjords');
  await page.getByLabel(fill(E.itemTitle, { number: 1 })).fill('The longest?');
  await page.getByLabel(fill(E.alternative, { number: 1, of: 'The longest?' })).fill('Sognefjorden');
  await page.getByLabel(fill(E.alternative, { number: 2, of: 'The longest?' })).fill('Oslofjorden');
  await page.getByRole('checkbox', { name: E.correct }).first().check();
  await page.getByRole('button', { name: E.save }).click();
  await expect(page.getByRole('status')).toHaveText(E.saved);
}
