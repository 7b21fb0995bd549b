import type { LimitedAction } from '~/server/shared/action-limits';
import type { RouteHandler } from './route-context';

/**
 * Who may call a route. The router's guards read it (route-guards.ts):
 * - `anyone`: the host's event, signed in or not; a Bearer token that is no longer valid is a 401
 *   (which makes clients log out, SPEC §4), one of another event's live session a 403;
 * - `login`: the calls that sign in or out: as `anyone`, but a dead token is ignored;
 * - `member`: a signed-in attendee of the host's event, else 401 before anything else is checked
 *   (403 `auth.wrong_event` for a live session of another event);
 * - `organiser`: as `member`, then an organiser of the host's event (the user flag), else 403;
 * - `results`: a results or admission session (SPEC §2 markers), checked by the handler's
 *   `resultsCall`, which also reads its grants; an attendee's token counts for nothing there;
 * - `admin`: the ADMIN_TOKEN bearer; no event (the organiser API manages events);
 * - `probe`: liveness, readiness and the metrics scrape: no event, no session, never shed.
 */
export type Caller = 'anyone' | 'login' | 'member' | 'organiser' | 'results' | 'admin' | 'probe';

/**
 * How an answer may be kept:
 * - `visitor`: the same for every visitor of the event (a public policy): kept per host and URL,
 *   served to requests without a cookie or token (docs/http-cache.md);
 * - `member`: the same for every signed-in member of the event: kept per host, URL and event
 *   version, served once the caller's session is checked. Only for handlers that read the event,
 *   never the user, and rows only an import changes (it bumps the version);
 * - `organiser`: as `member`, for the event's organisers only (a page): served once the caller's
 *   session is checked and its user is an organiser of the event;
 * - `private`: never kept.
 */
export type CacheClass = 'visitor' | 'member' | 'organiser' | 'private';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a route declares about itself beside its path; the guards, caches, metrics and shedding read only this. */
export interface RouteRules {
  readonly who: Caller;
  /**
   * Changes something (any write, and the SPEC §7 GETs that send mail or store a lead): a caller
   * known only by the session cookie must prove the request comes from the event's own pages.
   */
  readonly sideEffects: boolean;
  readonly cache: CacheClass;
  /** Writes: the largest request body, in bytes, a declared Content-Length may announce (413 above it). GETs read none. */
  readonly bodyLimit?: number;
  /** A per-user budget the call spends before it runs (shared/action-limits.ts): the calls that send mail on a member's behalf, the console's writes. */
  readonly limit?: LimitedAction;
}

export interface RouteDeclaration extends RouteRules {
  readonly method: RouteMethod;
  /** Hono's pattern: `:name` a segment, `:name{.+}` the rest of the path. */
  readonly path: string;
  readonly handler: RouteHandler;
}

/** What a form of fields may hold when its handler sets no tighter bound (readFields' own default). */
export const FORM_BODY = 256 * 1024;
