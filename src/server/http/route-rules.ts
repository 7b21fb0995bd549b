import type * as v from 'valibot';
import type { AuthUser } from '~/contracts/login';
import type { EventInfo } from '~/contracts/event-info';
import type { Organiser } from '~/server/console/organiser-access';
import type { ResultsGrant } from '~/server/results-login/results-login.service';
import type { LimitedAction } from '~/server/shared/action-limits';
import type { RouteContext } from './route-context';

/**
 * Who may call a route. The router's guards read it (route-guards.ts):
 * - `anyone`: the host's event, signed in or not; a Bearer token that is no longer valid is a 401
 *   (which makes clients log out, docs/product.md §4), one of another event's live session a 403;
 * - `login`: the calls that sign in or out: as `anyone`, but a dead token is ignored;
 * - `member`: a signed-in attendee of the host's event, else 401 before anything else is checked
 *   (403 `auth.wrong_event` for a live session of another event);
 * - `organiser`: as `member`, then an organiser of the host's event (the user flag), else 403;
 * - `results`: a results or admission session (its cookies or the `x-results-token` header; an
 *   attendee's token counts for nothing there): no grant is a 401, and the handler gets the grants;
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
   * Changes something (any write, and the docs/product.md §7 GETs that send mail or store a lead): a caller
   * known only by the session cookie must prove the request comes from the event's own pages.
   */
  readonly sideEffects: boolean;
  readonly cache: CacheClass;
  /** Writes: the largest request body, in bytes, a declared Content-Length may announce (413 above it). GETs read none. */
  readonly bodyLimit?: number;
  /** A per-user budget the call spends before it runs (shared/action-limits.ts): the calls that send mail on a member's behalf, the console's writes. */
  readonly limit?: LimitedAction;
  /**
   * A member's write the client retries with the same `Idempotency-Key` header: the first
   * outcome answers every retry (src/server/idempotency/, docs/operations.md "Retries").
   */
  readonly idempotent?: true;
}

/**
 * What a call reads, as valibot schemas: its path's parameters, its query (empty parameters count
 * as absent) and its body (JSON or form fields). The guard parses each after admitting the caller;
 * a failure is a 400 `request.invalid` naming the field, before the handler runs.
 */
export interface RouteInput {
  readonly params?: v.GenericSchema;
  readonly query?: v.GenericSchema;
  readonly body?: v.GenericSchema;
}

type Parsed<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

/** The parsed input of a call, by its declared schemas (undefined where it declares none). */
export interface InputOf<I extends RouteInput> {
  readonly params: Parsed<I['params']>;
  readonly query: Parsed<I['query']>;
  readonly body: Parsed<I['body']>;
}

/** Who the guard found, by the route's `who`: the handler reads it and checks nothing again. */
interface CallerOf {
  anyone: { readonly event: EventInfo; readonly user: AuthUser | undefined };
  login: { readonly event: EventInfo; readonly user: AuthUser | undefined };
  member: { readonly event: EventInfo; readonly user: AuthUser };
  organiser: { readonly event: EventInfo; readonly user: AuthUser; readonly organiser: Organiser };
  results: { readonly event: EventInfo; readonly grants: ResultsGrant[] };
  admin: object;
  probe: object;
}

/** What a handler is given: its request's context, the caller its route's guard admitted, and its parsed input. */
export type RouteCall<W extends Caller = Caller, I extends RouteInput = RouteInput> = RouteContext & CallerOf[W] & { readonly input: InputOf<I> };

export interface RouteDeclaration extends RouteRules {
  readonly method: RouteMethod;
  /**
   * Hono's pattern: `:name` a segment, `:name{.+}` the rest of the path. An `:eventId` segment must
   * name the host's event (its slug or id): another event's is a 403 `event.wrong_event`, one no
   * event has a 404 (`eventInPath: 'strict'`: a 403 without looking it up).
   */
  readonly path: string;
  readonly eventInPath?: 'strict';
  readonly input?: RouteInput;
  readonly handle: (call: RouteCall) => Promise<Response> | Response;
}

/**
 * A route with all its rules in one declaration, its handler typed by them: `who` decides what
 * the call carries (`event`, `user`, `organiser`, `grants`), `input` what `call.input` holds.
 */
export function route<const W extends Caller, const I extends RouteInput = Record<never, never>>(
  declaration: Omit<RouteDeclaration, 'who' | 'input' | 'handle'> & {
    readonly who: W;
    readonly input?: I;
    readonly handle: (call: RouteCall<W, I>) => Promise<Response> | Response;
  },
): RouteDeclaration {
  return declaration as unknown as RouteDeclaration;
}

/** What a form of fields may hold when its handler sets no tighter bound (readFields' own default). */
export const FORM_BODY = 256 * 1024;
