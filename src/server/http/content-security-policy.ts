import { createHash } from 'node:crypto';
import type { EventInfo } from '~/contracts/event-info';

/**
 * What a page sets as its CSP to say it may be framed by any site (the iframe pages); the
 * security-headers middleware then writes the full policy with `frame-ancestors *`.
 */
export const FRAMEABLE_MARK = 'frame-ancestors *';

/**
 * Origins the organiser configured over plain http (a stream or game on a LAN or in tests);
 * https origins are allowed anyway. Relative URLs are our own.
 */
function plainHttpOrigins(event: EventInfo | undefined): string[] {
  const origins = new Set<string>();
  for (const value of [event?.streamUrl, event?.gamificationUrl]) {
    if (!value) continue;
    try {
      const url = new URL(value);
      if (url.protocol === 'http:') origins.add(url.origin);
    } catch { /* relative or malformed: nothing to add */ }
  }
  return [...origins];
}

/** What lets a page's inline scripts run: their SHA-256 hashes. */
export interface ScriptTrust {
  hashes: readonly string[];
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * The SHA-256 hashes (base64) of the inline scripts the server rendered into `html`, each once.
 * Every page uses these rather than a nonce: the same bytes go to every visitor or member (caches
 * keep them, docs/http-cache.md), so a nonce in them would be no secret; a hash allows exactly the
 * scripts we rendered and nothing injected later.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes ?? '')) continue;
    hashes.add(createHash('sha256').update(body ?? '', 'utf8').digest('base64'));
  }
  return [...hashes];
}

const scriptSources = (trust: ScriptTrust): string => trust.hashes.map((hash) => `'sha256-${hash}'`).join(' ');

/**
 * The pages' Content-Security-Policy (docs/security.md): scripts only from this origin or
 * trusted by `trust`, the hashes of the page's inline scripts (Astro's island loader among them); styles may be
 * inline (Astro scoped styles, branding CSS, React style props); media, images, frames and
 * fetches may come from any https host, because organisers configure stream hosts (hls.js
 * fetches playlists; its worker is a file of ours), asset hosts, Whereby, YouTube and Vimeo rooms
 * per event; no plugins, no <base>, forms post only here.
 */
export function contentSecurityPolicy({ trust, event, frameable }: { trust: ScriptTrust; event: EventInfo | undefined; frameable: boolean }): string {
  const extra = plainHttpOrigins(event).join(' ');
  const withExtra = (sources: string) => (extra ? `${sources} ${extra}` : sources);
  return [
    "default-src 'self'",
    `script-src ${['\'self\'', scriptSources(trust)].filter(Boolean).join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    withExtra("media-src 'self' blob: https:"),
    withExtra("connect-src 'self' https:"),
    withExtra("frame-src 'self' https:"),
    // hls.js's transmuxer worker is our own file (src/islands/stream/playback.ts): no blob: workers.
    "worker-src 'self'",
    "font-src 'self' data:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    frameable ? 'frame-ancestors *' : "frame-ancestors 'none'",
  ].join('; ');
}
