import type { Guard } from './chain';
import { contentSecurityPolicy, FRAMEABLE_MARK, inlineScriptHashes, type ScriptTrust } from '~/server/http/content-security-policy';
import { freshNonce } from '~/server/http/viewer-template';

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
 * pages also get a Content-Security-Policy. A signed-in page's script-src is a fresh nonce, which
 * every <script> of the page is given here, so scripts injected any other way do not run. A page
 * without a signed-in user lists the hashes of its inline scripts instead: its bytes are then the
 * same for every visitor, so it can carry an ETag and be kept by caches (see
 * docs/performance.md). Only pages that mark themselves frameable (setIframeHeaders) may be
 * framed; the rest are DENY.
 */
export const securityHeaders: Guard = async (context, next) => {
  const answer = withNosniff(await next());
  answer.headers.set('referrer-policy', 'strict-origin-when-cross-origin');
  if (!(answer.headers.get('content-type') ?? '').startsWith('text/html') || !answer.body) return answer;

  const frameable = answer.headers.get('content-security-policy') === FRAMEABLE_MARK;
  let html = await answer.text();
  let trust: ScriptTrust;
  if (context.locals.user) {
    const nonce = freshNonce();
    html = html.replace(/<script\b/g, `<script nonce="${nonce}"`);
    trust = { nonce };
  } else {
    trust = { hashes: inlineScriptHashes(html) };
  }
  const headers = new Headers(answer.headers);
  headers.delete('content-length');
  headers.set('content-security-policy', contentSecurityPolicy({ trust, event: context.locals.event, frameable }));
  if (frameable) headers.delete('x-frame-options');
  else headers.set('x-frame-options', 'DENY');
  return new Response(html, { status: answer.status, headers });
};
