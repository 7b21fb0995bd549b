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

/**
 * The pages' Content-Security-Policy (docs/security.md): scripts only from this origin or with
 * this response's nonce (Astro's island loader and inline scripts get it); styles may be
 * inline (Astro scoped styles, branding CSS, React style props); media, images, frames and
 * fetches may come from any https host, because organisers configure stream hosts (hls.js
 * fetches playlists; its worker is a file of ours), asset hosts, Whereby, YouTube and Vimeo rooms
 * per event; no plugins, no <base>, forms post only here.
 */
export function contentSecurityPolicy({ nonce, event, frameable }: { nonce: string; event: EventInfo | undefined; frameable: boolean }): string {
  const extra = plainHttpOrigins(event).join(' ');
  const withExtra = (sources: string) => (extra ? `${sources} ${extra}` : sources);
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
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
