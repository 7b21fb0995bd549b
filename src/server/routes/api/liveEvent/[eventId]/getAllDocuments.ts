import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { platformOf } from '~/server/http/params';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET getAllDocuments: the event's documents for the platform, newest first. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/getAllDocuments', who: 'member', sideEffects: false, cache: 'member',
  handle: async (context) => {
    const { event } = context;
    return jsonAnswer(await app().content.documents(event, platformOf(context)), { headers: NO_STORE });
  },
});
