/*
 * Answers the same for every signed-in attendee of an event (docs/http-cache.md "Kept for
 * members"): the lobby, stage, web app and sponsor pages are what every attendee's screens ask
 * for at 09:00. The node's response cache keeps them per host, URL and event version; server.mjs
 * serves a kept one to a request whose session the auth guard would accept, without running
 * Astro. The calls kept for members say so in the route table (src/server/routes).
 */
import type { IncomingMessage } from 'node:http';
import { sessionCookieOf } from './session-cookie';
import { pageCacheKey } from './page-cache';
import { platformOfPage } from './params';

/**
 * Route patterns of pages that read nothing of the viewer (the page checks only that someone is
 * signed in): the viewer's name, id, bookings, likes and answers come from the islands' own calls
 * after hydration. Their content changes with the event version, a booking (seats left: a `live`
 * data change drops them) or the clock (the cache's lifetime, 5 s at most).
 * `tests/api/member-pages.test.ts` proves two members get the same bytes.
 */
export const SAME_PAGE_FOR_EVERY_MEMBER: ReadonlySet<string> = new Set([
  '/', '/stage', '/stage/panel/[tab]', '/webapp', '/webapp/panel/[tab]', '/sponsor/[sponsorId]',
]);

/**
 * Member answers live beside the anonymous ones in the same cache, under their own keys. A call
 * without `?platform=` is for the calling page's platform (params.ts), so that is part of a call's
 * key: a list kept for the stage is never served to the web app, whose flags may have it off.
 * A page's platform is in its own URL.
 */
export function memberCacheKey(host: string | undefined, url: string | undefined, referrer?: string): string | undefined {
  const key = pageCacheKey(host, url);
  if (!key) return undefined;
  return url!.startsWith('/api/') ? `member ${key} ${platformOfPage(referrer)}` : `member ${key}`;
}

const BEARER = /^Bearer\s+(\S+)$/i;
/**
 * The session token as the auth guard reads it: the Bearer token when there is an Authorization
 * header, else the session cookie. Undefined when there is none or it cannot be read (then Astro
 * answers, and refuses or redirects as it always does).
 */
export function sessionTokenOf(req: Pick<IncomingMessage, 'headers'>): string | undefined {
  const { authorization, cookie } = req.headers;
  if (authorization !== undefined) return BEARER.exec(authorization)?.[1];
  return sessionCookieOf(cookie);
}
