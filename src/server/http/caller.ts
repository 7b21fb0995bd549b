import type { AuthUser } from '~/contracts/login';
import type { EventInfo } from '~/contracts/event-info';
import { eventIdentityFromHost } from '~/lib/host';
import { translator } from '~/lib/i18n';
import { app } from '~/server/app';
import { config } from '~/server/config';
import { OTHER_EVENT } from '~/server/login/session.service';
import { bearerToken } from '~/server/shared/bearer';
import { isSameOriginRequest } from './client';
import type { CallContext, CookieJar } from './request-context';
import { clearSessionCookie, SESSION_COOKIE } from './session-cookie';

/*
 * Who is asking, resolved once the same way for pages (middleware/event-guard.ts, auth-guard.ts)
 * and calls (route-guards.ts); each guard then applies its own answer to what it found.
 */

/** The event of the request's host (docs/product.md §2: its first label, or DEFAULT_EVENT on a bare host), with its locale, into `locals`. */
export async function resolveEvent(context: Pick<CallContext, 'locals' | 'request'>): Promise<EventInfo | undefined> {
  const { locals, request } = context;
  const event = await app().events.findByIdentity(eventIdentityFromHost(request.headers.get('host'), config().defaultEvent));
  locals.event = event;
  locals.locale = event?.locale ?? 'en';
  locals.t = translator(locals.locale);
  return event;
}

/** What the caller's credentials were: none, a live session of the event, a live one of another event, or a dead one. */
export type SessionFound = 'none' | 'live' | 'other-event' | 'dead';

export interface ResolvedCaller {
  readonly found: SessionFound;
  /** The token came in an `Authorization: Bearer` header (an API client), not in the session cookie. */
  readonly fromHeader: boolean;
  readonly user: AuthUser | undefined;
}

/**
 * The caller of the event from its Bearer token, else its session cookie, into `locals.user` and
 * `locals.token`; a dead session cookie is cleared (a dead token is the caller's to drop).
 */
export async function resolveCaller(context: Pick<CallContext, 'locals' | 'request'> & { readonly cookies: CookieJar }, event: EventInfo): Promise<ResolvedCaller> {
  const { locals, request } = context;
  locals.user = undefined;
  locals.token = undefined;
  const header = bearerToken(request.headers.get('authorization'));
  const token = header ?? context.cookies.get(SESSION_COOKIE)?.value;
  const fromHeader = header !== undefined;
  if (!token) return { found: 'none', fromHeader, user: undefined };
  const found = await app().sessions.identify(token, event.eventId);
  if (found === OTHER_EVENT) return { found: 'other-event', fromHeader, user: undefined };
  if (!found) {
    if (!fromHeader) clearSessionCookie(context.cookies);
    return { found: 'dead', fromHeader, user: undefined };
  }
  locals.token = token;
  locals.user = found;
  return { found: 'live', fromHeader, user: found };
}

/**
 * A change that only the session cookie authenticates must come from the event's own pages, so no
 * other site can make it (a Bearer token is never sent by a browser on its own).
 */
export const isCrossSiteCookieWrite = (caller: ResolvedCaller, request: CallContext['request'], url: URL): boolean =>
  !caller.fromHeader && caller.user !== undefined && !isSameOriginRequest(request, url);
