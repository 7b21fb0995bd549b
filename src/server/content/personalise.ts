import { escapeHtml } from '~/lib/html-text';

/**
 * Fills `{{Field}}` placeholders from the user's CalculatedFields (docs/decisions.md), each
 * value escaped; a placeholder the user has no value for becomes empty rather than showing
 * its raw name. Run before sanitising, so the result passes the allow-list as a whole.
 */
export function personalise(html: string, fields: Record<string, unknown>): string {
  return html.replace(/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g, (_, name: string) => {
    const value = Object.prototype.hasOwnProperty.call(fields, name) ? fields[name] : undefined;
    // Only scalar values fill a placeholder; a nested object would print as [object Object].
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? escapeHtml(String(value)) : '';
  });
}
