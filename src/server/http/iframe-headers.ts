/**
 * Headers of the public iframe pages: they exist to be embedded on organisers' sites, so any
 * ancestor may frame them (no X-Frame-Options), and their public content may be cached briefly.
 */
export function setIframeHeaders(headers: Headers): void {
  headers.set('content-security-policy', 'frame-ancestors *');
  headers.delete('x-frame-options');
  headers.set('cache-control', 'public, max-age=60');
}
