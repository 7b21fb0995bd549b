import type { Guard } from './chain';
import { DomainError, toErrorResponse } from '~/server/errors';
import { isCrossSiteCookieWrite, resolveCaller } from '~/server/http/caller';
import { holdBodyTo } from '~/server/http/read-body';
import { landingFacts, landingPath, specialModeFrom } from '~/lib/landing';
import { resultsGrants } from '~/server/http/results-call';
import { grantsPoll } from '~/server/results-login/results-login.service';
import { pageRulesOf } from '~/server/routes/page-table';


/**
 * Knows a page's viewer from the HttpOnly session cookie (or a Bearer token); a dead cookie is
 * cleared. A live session of another event is nobody here: a member page answers it with the
 * "Not allowed" page (403, by rewrite to /not-allowed) instead of the login. Calls have their own
 * guards (src/server/http/route-guards.ts).
 */
export const authGuard: Guard = async (context, next) => {
  const { event } = context.locals;
  context.locals.user = undefined;
  context.locals.token = undefined;
  if (!event) return next();

  const caller = await resolveCaller(context, event);
  // A form post (the no-JavaScript logout, the sign-up form) that only the cookie authenticates
  // must come from the event's own pages, so no other site can make it.
  const isRead = context.request.method === 'GET' || context.request.method === 'HEAD';
  if (!isRead && isCrossSiteCookieWrite(caller, context.request, context.url)) {
    return toErrorResponse(new DomainError('auth.cross_site', 'Cross-site request refused: use the event\'s own pages or a Bearer token'));
  }

  // docs/product.md §2 auth guard: the pages the page table gives to members. The poll stream (/polls/{key}) is
  // also an organiser's open-text stream for whoever holds the key's results session.
  const { who, bodyLimit } = pageRulesOf(context.routePattern);
  if (bodyLimit !== undefined) holdBodyTo(context.request, bodyLimit);
  if (!context.locals.user && (who === 'member' || who === 'member-or-poll-results')) {
    const streamKey = who === 'member-or-poll-results' ? context.params['pollAccessKey'] : undefined;
    if (streamKey && (await resultsGrants(context.request, event.eventId)).some((g) => grantsPoll(g, streamKey))) return next();
    // A live session of another event is no login here, but not a dead one either: "Not allowed" (403), not the login.
    return caller.found === 'other-event' ? next('/not-allowed') : context.redirect('/login', 302);
  }
  if (context.locals.user && who === 'guest' && context.request.method === 'GET') {
    // The server cannot see the screen width; the login island applies the 768 px rule itself.
    return context.redirect(landingPath(landingFacts(event), null, Number.POSITIVE_INFINITY, specialModeFrom(context.url.search)), 302);
  }
  return next();
};
