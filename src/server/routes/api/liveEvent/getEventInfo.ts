import { NO_STORE } from '~/server/http/cache-headers';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/**
 * docs/product.md §7 GET /api/liveEvent/getEventInfo: the event the caller is logged in to, as pages see it
 * (settings, features, captions, branding, lobby elements). Clients refetch it on `event-change`.
 */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/getEventInfo', who: 'member', sideEffects: false, cache: 'member',
  handle: (context) => {
    const { event } = context;
    return jsonAnswer(event, { headers: NO_STORE });
  },
});
