import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/**
 * SPEC §7 GET /api/liveEvent/getEventInfo: the event the caller is logged in to, as pages see it
 * (settings, features, captions, branding, lobby elements). Clients refetch it on `event-change`.
 */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event } = await memberCall(context);
  return jsonAnswer(event, { headers: NO_STORE });
});
