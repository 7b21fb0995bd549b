import { randomBytes } from 'node:crypto';
import { defineMiddleware } from 'astro:middleware';
import { contentSecurityPolicy, FRAMEABLE_MARK, inlineScriptHashes, type ScriptTrust } from '~/server/http/content-security-policy';

/** Headers may be immutable (Response.redirect): then the answer is copied. */
function mutable(response: Response): Response {
  try {
    response.headers.set('x-content-type-options', 'nosniff');
    return response;
  } catch {
    return new Response(response.body, response);
  }
}

/**
 * Headers on every answer (issue 11, docs/security.md): nosniff and a Referrer-Policy always;
 * pages also get a Content-Security-Policy. A signed-in page's script-src is a fresh nonce, which
 * every <script> of the page is given here, so scripts injected any other way do not run. A page
 * without a signed-in user lists the hashes of its inline scripts instead: its bytes are then the
 * same for every visitor, so it can carry an ETag and be kept by caches (issue 12,
 * docs/performance.md). Only pages that mark themselves frameable (setIframeHeaders) may be
 * framed; the rest are DENY.
 */
export const securityHeaders = defineMiddleware(async (context, next) => {
  const answer = mutable(await next());
  answer.headers.set('x-content-type-options', 'nosniff');
  answer.headers.set('referrer-policy', 'strict-origin-when-cross-origin');
  if (!(answer.headers.get('content-type') ?? '').startsWith('text/html') || !answer.body) return answer;

  const frameable = answer.headers.get('content-security-policy') === FRAMEABLE_MARK;
  let html = await answer.text();
  let trust: ScriptTrust;
  if (context.locals.user) {
    const nonce = randomBytes(18).toString('base64');
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
});
