import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { platformOf } from '~/server/http/params';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET sponsors: the event's sponsors in configured order. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/sponsors', who: 'member', sideEffects: false, cache: 'private',
  handle: async (context) => {
    const { event } = context;
    return jsonAnswer(await app().sponsors.list(event, platformOf(context)), { headers: NO_STORE });
  },
});
