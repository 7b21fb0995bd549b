import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { translator } from '~/lib/i18n';
import type { EventInfo } from '~/contracts/event-info';
import { admitAdmin } from './admin-guard';
import { isScriptRequest } from './client';
import { isCrossSiteCookieWrite, resolveCaller, resolveEvent } from './caller';
import { eventMatches } from './event-match';
import { parseQuery } from './params';
import { holdBodyTo, readFields } from './read-body';
import { parseInput } from './respond';
import { resultsGrants } from './results-call';
import type { RouteContext } from './route-context';
import type { RouteCall, RouteDeclaration } from './route-rules';

/**
 * The guards of a call, as its declaration asks (route-rules.ts), in the order the answers keep:
 * the event from the host (docs/product.md §2; none is a 404), the caller from the Bearer token or the
 * session cookie (a dead token is a 401 that makes clients log out, docs/product.md §4; a dead cookie is
 * cleared; a live session of another event is a 403 `auth.wrong_event` wherever a dead one would
 * be a 401), a member's login (401 before any 403 or 404 of the handler), an organiser's flag (403),
 * the same-origin proof of
 * a call with side effects that only the cookie authenticates (and, for a GET, that a script asked),
 * the caller's budget, the body's
 * declared size, the event its path names, then its input. Fills `locals` and answers the call
 * its handler is given (route-rules.ts `RouteCall`); throws the refusal.
 */
export async function admitCall(rules: RouteDeclaration, context: RouteContext): Promise<RouteCall> {
  await admitCaller(rules, context);
  const { locals } = context;
  const grants = rules.who === 'results' && locals.event ? await admitResults(context, locals.event.eventId) : undefined;
  const declared = rules.input ?? {};
  const input = {
    params: declared.params ? parseInput(declared.params, context.params) : undefined,
    query: declared.query ? parseQuery(declared.query, context.url) : undefined,
    body: declared.body ? parseInput(declared.body, await readFields(context.request)) : undefined,
  };
  return Object.assign(context, { event: locals.event, user: locals.user, organiser: locals.organiser, grants, input });
}

/** The results grants a `who: 'results'` call carries; none is a 401, a cookie-carried write from another origin a 403. */
async function admitResults(context: RouteContext, eventId: number) {
  const grants = await resultsGrants(context.request, eventId);
  if (grants.length === 0) throw new DomainError('results.unauthorized', 'Log in to the results first');
  const origin = context.request.headers.get('origin');
  if (context.request.method !== 'GET' && origin !== null && origin !== context.url.origin) {
    throw new DomainError('results.forbidden', 'Cross-site request refused');
  }
  return grants;
}

/** The event an `:eventId` segment names must be the host's: another event's is a 403, one no event has a 404 (strict: a 403 without looking). */
async function admitEventInPath(rules: RouteDeclaration, context: RouteContext, event: EventInfo): Promise<void> {
  const identity = context.params['eventId'];
  if (identity === undefined || eventMatches(event, identity)) return;
  if (rules.eventInPath === 'strict' || (await app().events.findByIdentity(identity))) {
    throw new DomainError('event.wrong_event', 'The path names another event than the host');
  }
  throw new DomainError('event.not_found', 'No such event');
}

async function admitCaller(rules: RouteDeclaration, context: RouteContext): Promise<void> {
  const { locals, request } = context;
  if (rules.bodyLimit !== undefined) holdBodyTo(request, rules.bodyLimit);
  locals.user = undefined;
  locals.token = undefined;
  if (rules.who === 'admin' || rules.who === 'probe') {
    // Probes answer while the database is down; the organiser API manages events, so it lives outside any.
    locals.event = undefined;
    locals.locale = 'en';
    locals.t = translator('en');
    if (rules.who === 'admin') await admitAdmin(rules, context);
    return;
  }
  const event = await resolveEvent(context);
  if (!event) throw new DomainError('event.not_found', 'No event at this address');

  const caller = await resolveCaller(context, event);
  const { fromHeader } = caller;
  const isMemberCall = rules.who === 'member' || rules.who === 'organiser';
  // A live session, of another event: 403 where a dead one is a 401, so a client is not logged out of its own event.
  if (caller.found === 'other-event' && rules.who !== 'login' && (fromHeader || isMemberCall)) {
    throw new DomainError('auth.wrong_event', locals.t('otherEventSession.description'));
  }
  if (caller.found === 'dead' && fromHeader && rules.who !== 'login') throw new DomainError('auth.unauthorized', 'Log in again');
  if (isMemberCall && !caller.user) throw new DomainError('auth.unauthorized', 'Log in again');
  await admitEventInPath(rules, context, event);
  locals.organiser = rules.who === 'organiser' ? app().console.organiser(event, caller.user) : undefined;
  if (rules.sideEffects && isCrossSiteCookieWrite(caller, request, context.url)) {
    throw new DomainError('auth.cross_site', 'Cross-site request refused: use the event\'s own pages or a Bearer token');
  }
  // The contract keeps three mailing calls as GET (docs/decisions.md "Safety rules the contract leaves open"): on the cookie alone they act only for a script, never for a picture, a player or a link on the site.
  if (rules.sideEffects && !fromHeader && caller.user && (request.method === 'GET' || request.method === 'HEAD') && !isScriptRequest(request)) {
    throw new DomainError('request.script_only', 'This call acts only when the event\'s pages call it from script');
  }
  if (rules.limit && caller.user) await app().actionLimits.take(rules.limit, event.eventId, caller.user.userId);
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (rules.bodyLimit !== undefined && declared > rules.bodyLimit) {
    throw new DomainError('request.too_large', 'The request is too large', { field: 'body', maxBytes: rules.bodyLimit });
  }
}
