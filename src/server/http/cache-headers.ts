import { FRAMEABLE_MARK } from './content-security-policy';

/** A Cache-Control policy, spread into a response's headers. */
export type CacheHeader = Readonly<{ 'cache-control': string }>;

/** Personal, secret or one-time answers: no cache may keep them. */
export const NO_STORE = { 'cache-control': 'private, no-store' } as const;

/** Public API data: browsers and proxies may reuse it briefly. */
export const PUBLIC_SHORT = { 'cache-control': 'public, max-age=30' } as const;

/** The web app manifest is public and changes rarely. */
export const PUBLIC_MANIFEST = { 'cache-control': 'public, max-age=300' } as const;

/** Upload names are random and never reused. */
export const IMMUTABLE = { 'cache-control': 'public, max-age=31536000, immutable' } as const;

/** Recordings: reusable by the browser that was allowed to play them, by no one else. */
export const PRIVATE_SHORT = { 'cache-control': 'private, max-age=300' } as const;

/** Public iframe pages may be cached briefly, like the API data they show. */
const IFRAME = { 'cache-control': 'public, max-age=60' } as const;

/**
 * Headers of the public iframe pages: they exist to be embedded on organisers' sites, so any
 * ancestor may frame them (no X-Frame-Options); middleware/security-headers.ts completes the policy.
 */
export function setIframeHeaders(headers: Headers): void {
  headers.set('content-security-policy', FRAMEABLE_MARK);
  headers.delete('x-frame-options');
  headers.set('cache-control', IFRAME['cache-control']);
}
