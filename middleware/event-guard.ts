import type { Guard } from './chain';
import { resolveEvent } from '~/server/http/caller';
import { pageRulesOf } from '~/server/routes/page-table';


/**
 * docs/product.md §2 event guard: the event comes from the host's first label (or DEFAULT_EVENT on a
 * bare host). Unknown events and "0" get the fallback page.
 */
export const eventGuard: Guard = async (context, next) => {
  if ((await resolveEvent(context)) || pageRulesOf(context.routePattern).who === 'eventless') return next();
  return next('/fallback');
};
