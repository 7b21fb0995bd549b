import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { IdParams, platformOf } from '~/server/http/params';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET sponsors/{id}: one sponsor with its sanitised description. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/sponsors/:id', who: 'member', sideEffects: false, cache: 'private', input: { params: IdParams },
  handle: async (context) => {
    const { event } = context;
    return jsonAnswer(await app().sponsors.get(event, context.input.params.id, platformOf(context)), { headers: NO_STORE });
  },
});
