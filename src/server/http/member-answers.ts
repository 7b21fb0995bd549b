/*
 * Answers the same for every signed-in attendee of an event (docs/http-cache.md
 * "Answers for members"): the event's settings, speakers, information pages, categories and
 * documents are what every attendee's screens ask for at 09:00, and they change only when the
 * event is imported again. The node's response cache keeps them per host, URL and event version;
 * server.mjs serves a kept one to a request whose session the auth guard would accept, without
 * running Astro. Everything else a signed-in user asks goes through Astro as before.
 */
import type { IncomingMessage } from 'node:http';
import { sessionCookieOf } from './session-cookie';
import { pageCacheKey } from './page-cache';
import { platformOfPage } from './params';

/**
 * Routes whose answer reads nothing of the caller but that a session of the host's event exists
 * (memberCall's `event`, never its `user`), and nothing that changes without a new event version:
 * only an import writes these rows, and every import bumps the version. A route that reads the
 * user, the clock, presence, bookings or anything an attendee writes must not be added.
 */
export const SAME_FOR_EVERY_MEMBER: ReadonlySet<string> = new Set([
  '/api/liveEvent/getEventInfo',
  '/api/liveEvent/[eventId]/liveGetSpeakerInfo',
  '/api/liveEvent/[eventId]/liveGetSpeakerInfo/[id]',
  '/api/liveEvent/[eventId]/getInfoPages',
  '/api/liveEvent/[eventId]/categories',
  '/api/liveEvent/[eventId]/getAllDocuments',
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
