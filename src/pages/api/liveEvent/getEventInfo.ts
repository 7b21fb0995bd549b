import type { APIRoute } from 'astro';
import { DomainError } from '~/server/errors';
import { respond } from '~/server/http/respond';

/**
 * SPEC §7 GET /api/liveEvent/getEventInfo: the event the caller is logged in to, as pages see it
 * (settings, features, captions, branding, lobby elements). Clients refetch it on `event-change`.
 */
export const GET: APIRoute = ({ locals }) => respond(() => {
  if (!locals.user || !locals.event) throw new DomainError('auth.unauthorized', 'Log in first');
  return Promise.resolve(Response.json(locals.event, { headers: { 'cache-control': 'no-store' } }));
});
