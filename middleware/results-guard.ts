import type { Guard } from './chain';
import { resultsGrants } from '~/server/http/results-call';
import { grantsPoll } from '~/server/results-login/results-login.service';

/** SPEC §2 results pages keyed by an access key, and the generic one. */
const KEYED = /^\/(?:pollResults(?:\/template)?|poll-management|quiz-management|quiz|quiz-open-text|treasure-hunt-management|treasure-hunt-open-text|treasure-hunt)\/([\w-]{1,100})\/?$/;
const GENERIC = /^\/pollResults\/?$/;
/** SPEC §2 the admission page and the door check-in, behind the participant_results session. */
const ADMISSION = /^\/(?:participantsAdmitted|participantsCheckIn)\/?$/;

/**
 * SPEC §2 results guard: a results page needs the session of its marker (private_results_{key}
 * or private_results_generic, the generic one opening every key); without it the browser goes to
 * the matching login page. Results pages are never cached.
 */
export const resultsGuard: Guard = async (context, next) => {
  const { event } = context.locals;
  const path = context.url.pathname;
  const keyed = KEYED.exec(path);
  const isAdmission = ADMISSION.test(path);
  if (!event || (!keyed && !isAdmission && !GENERIC.test(path))) return next();
  const grants = await resultsGrants(context.request, event.eventId);
  const key = keyed?.[1];
  const scope = isAdmission ? 'participant' : 'generic';
  const allowed = key ? grants.some((g) => grantsPoll(g, key)) : grants.some((g) => g.scope === scope);
  if (!allowed) {
    const login = isAdmission ? '/login-participants-results' : key ? `/login-poll-results/${path.startsWith('/pollResults/template/') ? 'template/' : ''}${key}` : '/login-poll-results';
    return context.redirect(`${login}?return=${encodeURIComponent(path)}`, 302);
  }
  const response = await next();
  response.headers.set('cache-control', 'private, no-store');
  return response;
};
