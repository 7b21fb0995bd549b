import type { Guard } from './chain';
import { contentSecurityPolicy, FRAMEABLE_MARK, inlineScriptHashes } from '~/server/http/content-security-policy';

/**
 * Sets nosniff, on a copy when the headers are immutable (Response.redirect); the answer whose
 * headers take it is returned.
 */
function withNosniff(response: Response): Response {
  try {
    response.headers.set('x-content-type-options', 'nosniff');
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set('x-content-type-options', 'nosniff');
    return copy;
  }
}

/**
 * Headers on every answer (docs/security.md): nosniff and a Referrer-Policy always;
 * pages also get a Content-Security-Policy whose script-src lists the hashes of the inline
 * scripts the server rendered, so scripts injected any other way do not run. No nonce: a page's
 * bytes are then the same for every visitor, or every member, so it can carry an ETag and be kept
 * by caches (docs/http-cache.md). Only pages that mark themselves frameable (setIframeHeaders) may
 * be framed; the rest are DENY.
 */
export const securityHeaders: Guard = async (context, next) => {
  const answer = withNosniff(await next());
  answer.headers.set('referrer-policy', 'strict-origin-when-cross-origin');
  if (!(answer.headers.get('content-type') ?? '').startsWith('text/html') || !answer.body) return answer;

  const frameable = answer.headers.get('content-security-policy') === FRAMEABLE_MARK;
  const html = await answer.text();
  const trust = { hashes: inlineScriptHashes(html) };
  const headers = new Headers(answer.headers);
  headers.delete('content-length');
  headers.set('content-security-policy', contentSecurityPolicy({ trust, event: context.locals.event, frameable }));
  if (frameable) headers.delete('x-frame-options');
  else headers.set('x-frame-options', 'DENY');
  return new Response(html, { status: answer.status, headers });
};
