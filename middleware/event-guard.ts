import type { Guard } from './chain';
import { app } from '~/server/app';
import { config } from '~/server/config';
import { eventIdentityFromHost } from '~/lib/host';
import { translator } from '~/lib/i18n';
import { pageRulesOf } from '~/server/routes/page-table';


/**
 * docs/product.md §2 event guard: the event comes from the host's first label (or DEFAULT_EVENT on a
 * bare host). Unknown events and "0" get the fallback page.
 */
export const eventGuard: Guard = async (context, next) => {
  const identity = eventIdentityFromHost(context.request.headers.get('host'), config().defaultEvent);
  const event = await app().events.findByIdentity(identity);
  context.locals.event = event;
  context.locals.locale = event?.locale ?? 'en';
  context.locals.t = translator(context.locals.locale);
  if (event || pageRulesOf(context.routePattern).who === 'eventless') return next();
  return next('/fallback');
};
