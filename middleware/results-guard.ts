import type { Guard } from './chain';
import { resultsGrants } from '~/server/http/results-call';
import { grantsPoll } from '~/server/results-login/results-login.service';
import { pageRulesOf } from '~/server/routes/page-table';

/**
 * docs/product.md §2 results guard: a results page (the page table's `results` and `admission` pages) needs the session of its marker (private_results_{key}
 * or private_results_generic, the generic one opening every key); without it the browser goes to
 * the matching login page. Results pages are never cached.
 */
export const resultsGuard: Guard = async (context, next) => {
  const { event } = context.locals;
  const { who, resultsLogin } = pageRulesOf(context.routePattern);
  if (!event || (who !== 'results' && who !== 'admission')) return next();
  const grants = await resultsGrants(context.request, event.eventId);
  const key = context.params['pollAccessKey'];
  const scope = who === 'admission' ? 'participant' : 'generic';
  const allowed = key ? grants.some((g) => grantsPoll(g, key)) : grants.some((g) => g.scope === scope);
  if (!allowed) {
    const login = (resultsLogin ?? '/login-poll-results').replace('[pollAccessKey]', encodeURIComponent(key ?? ''));
    return context.redirect(`${login}?return=${encodeURIComponent(context.url.pathname)}`, 302);
  }
  const response = await next();
  response.headers.set('cache-control', 'private, no-store');
  return response;
};
