import { FRAMEABLE_MARK } from './content-security-policy';

/** A Cache-Control policy, spread into a response's headers. */
export type CacheHeader = Readonly<{ 'cache-control': string }>;

/** The Content-Type of Response.json, for a body serialised ahead (the timeline's read model). */
export const JSON_TYPE = { 'content-type': 'application/json' } as const;

/** Personal, secret or one-time answers: no cache may keep them. */
export const NO_STORE = { 'cache-control': 'private, no-store' } as const;

/**
 * Public API data: browsers and shared caches (a CDN in front) may reuse it for 30 s, the delay
 * already accepted for the seats the public agenda shows, and serve it 10 s longer while they
 * revalidate (cheap: the ETag answers 304 when nothing changed, middleware/http-cache.ts).
 */
export const PUBLIC_SHORT = { 'cache-control': 'public, max-age=30, s-maxage=30, stale-while-revalidate=10' } as const;

/**
 * Answers without a policy of their own and without a signed-in user (the login page, for one):
 * the browser keeps them but asks again each time, and gets a 304 while the ETag holds. Not
 * `public`: /login answers a signed-in visitor with a redirect, which a shared cache would miss.
 */
export const REVALIDATE = { 'cache-control': 'private, no-cache' } as const;

/** The web app manifest is public and changes rarely. */
export const PUBLIC_MANIFEST = { 'cache-control': 'public, max-age=300' } as const;

/**
 * The manifest's icons: their URLs carry the event version, so a day is safe, and browsers
 * revalidate with the ETag after that.
 */
export const PUBLIC_ICON = { 'cache-control': 'public, max-age=86400' } as const;

/** Upload names are random and never reused. */
export const IMMUTABLE = { 'cache-control': 'public, max-age=31536000, immutable' } as const;

/** Recordings: reusable by the browser that was allowed to play them, by no one else. */
export const PRIVATE_SHORT = { 'cache-control': 'private, max-age=300' } as const;

/** Public iframe pages may be cached briefly, like the API data they show, by CDNs too. */
const IFRAME = { 'cache-control': 'public, max-age=60, s-maxage=60, stale-while-revalidate=10' } as const;

/**
 * Headers of the public iframe pages: they exist to be embedded on organisers' sites, so any
 * ancestor may frame them (no X-Frame-Options); middleware/security-headers.ts completes the policy.
 */
export function setIframeHeaders(headers: Headers): void {
  headers.set('content-security-policy', FRAMEABLE_MARK);
  headers.delete('x-frame-options');
  headers.set('cache-control', IFRAME['cache-control']);
}
