import { unescapeHtml } from './html-text';

/** The visible text of an HTML fragment, entities decoded and white space collapsed, for comparing. */
function textOf(html: string): string {
  return unescapeHtml(html.replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * The login caption without a first heading, paragraph or bare line that only repeats the event's
 * name: the card's title already shows it, and organisers' captions often open with it (a heading
 * the sanitiser does not keep is left as bare text).
 */
export function captionWithoutEventName(html: string, eventName: string): string {
  const first = /^\s*(?:<(h[1-6]|p|div)\b[^>]*>([\s\S]*?)<\/\1\s*>|([^<]+))/i.exec(html);
  if (!first || textOf(first[2] ?? first[3]!) !== textOf(eventName)) return html;
  return html.slice(first[0].length);
}
