import { escapeHtml, unescapeHtml } from '../../lib/html-text';
import { OFFLINE_COPY_META, savedAgo } from '../../lib/offline-cache';


/**
 * A saved page as it is shown without a network: a meta tag with the time it was saved (for the
 * page's script) and, in the page's own language, the offline banner shown with the copy's age
 * already written in, so the banner works on a page that runs no script (the QR ticket).
 */
export function markOfflineCopy(html: string, savedAt: Date, now = new Date()): string {
  const lang = /<html[^>]*\slang="([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})?)"/.exec(html)?.[1] ?? 'en';
  const zone = /<html[^>]*\sdata-time-zone="([^"]+)"/.exec(html)?.[1] ?? 'UTC';
  const template = /\sdata-saved-copy="([^"]*)"/.exec(html)?.[1];
  let marked = html.replace('<head>', `<head><meta name="${OFFLINE_COPY_META}" content="${savedAt.toISOString()}">`);
  if (template !== undefined) {
    const age = unescapeHtml(template).replace('{{age}}', savedAgo(savedAt.getTime(), lang, zone, now.getTime()));
    // Astro adds its scoping attributes (data-astro-cid-…) after ours.
    marked = marked.replace(/(<div[^>]*\sdata-offline-banner)\shidden(?=[\s>])/, '$1')
      .replace(/(<span data-offline-age[^>]*>)<\/span>/, (_, open: string) => `${open}${escapeHtml(age)}</span>`);
  }
  return marked;
}
