/*
 * Text in HTML, both ways: the one escaper the server, the islands and the service worker use,
 * and its inverse for text that was stored escaped (a timeline Message, docs/timeline.md).
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': '\u00a0' };

/** Text that can only ever be text in HTML, in an element or a quoted attribute. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The text escapeHtml (or an editor's `&nbsp;`) wrote, as it was: one pass, so `&amp;lt;` is `&lt;`. */
export const unescapeHtml = (html: string): string => html.replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity]!);
