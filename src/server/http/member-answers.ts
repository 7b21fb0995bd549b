/*
 * Answers the same for every signed-in attendee of an event (docs/http-cache.md "Kept for
 * members"): the pages and calls declared `cache: 'member'` in the page and route tables
 * (src/server/routes) are what every attendee's screens ask for at 09:00. The node's response
 * cache keeps them per host, URL and event version and serves one only after the caller's session
 * is checked: here are their keys and the session token a request carries.
 */
import type { IncomingMessage } from 'node:http';
import { bearerToken } from '~/server/shared/bearer';
import { sessionCookieOf } from './session-cookie';
import { cacheKeyOf, type CacheKey } from './page-cache';
import { platformOfPage } from './params';

/**
 * Member answers live beside the anonymous ones in the same cache, under keys of their own
 * audience (page-cache.ts). A call without `?platform=` is for the calling page's platform
 * (params.ts), so that is part of a call's key: a list kept for the stage is never served to the
 * web app, whose flags may have it off. A page's platform is in its own URL.
 */
export function memberCacheKey(host: string | null | undefined, url: string | undefined, referrer?: string | null): CacheKey | undefined {
  return cacheKeyOf('member', host, url, url?.startsWith('/api/') ? platformOfPage(referrer) : undefined);
}

/**
 * The session token as the auth guard reads it: the Bearer token when there is an Authorization
 * header, else the session cookie. Undefined when there is none or it cannot be read (then Astro
 * answers, and refuses or redirects as it always does).
 */
export function sessionTokenOf(req: Pick<IncomingMessage, 'headers'>): string | undefined {
  const { authorization, cookie } = req.headers;
  if (authorization !== undefined) return bearerToken(authorization);
  return sessionCookieOf(cookie);
}
