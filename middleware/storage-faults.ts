import type { Guard } from './chain';
import { toErrorResponse } from '~/server/errors';
import { translator } from '~/lib/i18n';
import { storageFaultError, type StorageFault } from '~/server/shared/storage-faults';
import { storageHealth } from '~/server/shared/storage-health';

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page that needs no database, styles or scripts: the node can render it whatever is down. */
function faultPage(fault: StorageFault, locale: 'en' | 'nb', status: number, retryAfter: unknown): Response {
  const t = translator(locale);
  const kind = fault === 'full' ? 'full' : 'unavailable';
  const title = escapeHtml(t(`storageFault.${kind}.title`));
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<title>${title}</title></head><body><main><h1>${title}</h1><p>${escapeHtml(t(`storageFault.${kind}.description`))}</p>`
    + `<p><a href="">${escapeHtml(t('storageFault.retry'))}</a></p></main></body></html>`;
  const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  if (typeof retryAfter === 'number') headers.set('retry-after', String(retryAfter));
  return new Response(html, { status, headers });
}

/**
 * What a guard, an endpoint or a page threw because the database could not be reached, was
 * locked or the disk is full (shared/storage-faults.ts) becomes 503 + Retry-After or 507, never
 * Astro's 500: a JSON body in the error shape for calls, a short page in the viewer's language
 * for pages. Endpoints that answer through `respond` map these themselves; this catches the rest
 * (the event and auth guards' reads, page renders). Any other error is left to Astro.
 */
export const storageFaults: Guard = async (context, next) => {
  try {
    return await next();
  } catch (error) {
    const fault = storageHealth().failed(error);
    if (!fault) throw error;
    const refusal = storageFaultError(fault);
    const answer = toErrorResponse(refusal);
    const path = context.url.pathname;
    const isCall = path.startsWith('/api/') || path.startsWith('/connect/') || !(context.request.headers.get('accept') ?? '').includes('text/html');
    if (isCall) return answer;
    // The event guard may have failed before it set the event's language.
    return faultPage(fault, context.locals.locale === 'nb' ? 'nb' : 'en', answer.status, refusal.details?.['retryAfter']);
  }
};
