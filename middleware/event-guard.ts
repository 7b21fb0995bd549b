import type { Guard } from './chain';
import { app } from '~/server/app';
import { config } from '~/server/config';
import { DomainError, toErrorResponse } from '~/server/errors';
import { eventIdentityFromHost } from '~/lib/host';
import { translator } from '~/lib/i18n';

/** Paths that belong to no event and render without one. */
const EVENTLESS = new Set(['/fallback']);
/** Probes and the metrics scrape: never look an event up (they must answer while the database is down). */
const OPS = new Set(['/healthz', '/readyz', '/metrics']);
/** The organiser API manages events, so it lives outside any (it checks its own token). */
const EVENTLESS_PREFIX = '/api/admin/';

/**
 * SPEC §2 event guard: the event comes from the host's first label (or DEFAULT_EVENT on a
 * bare host). Unknown events and "0" get the fallback page; API calls get a 404 body.
 */
export const eventGuard: Guard = async (context, next) => {
  if (OPS.has(context.url.pathname)) {
    context.locals.event = undefined;
    context.locals.locale = 'en';
    context.locals.t = translator('en');
    return next();
  }
  const identity = eventIdentityFromHost(context.request.headers.get('host'), config().defaultEvent);
  const event = await app().events.findByIdentity(identity);
  context.locals.event = event;
  context.locals.locale = event?.locale ?? 'en';
  context.locals.t = translator(context.locals.locale);
  const path = context.url.pathname;
  if (event || EVENTLESS.has(path) || path.startsWith(EVENTLESS_PREFIX)) return next();
  if (path.startsWith('/api/') || path.startsWith('/connect/')) {
    return toErrorResponse(new DomainError('event.not_found', 'No event at this address'));
  }
  return next('/fallback');
};
