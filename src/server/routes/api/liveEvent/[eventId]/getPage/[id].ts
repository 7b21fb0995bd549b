import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { IdParams, platformOf } from '~/server/http/params';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET getPage/{id}: the page with Tekst personalised for the user and sanitised. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/getPage/:id', who: 'member', sideEffects: false, cache: 'private', input: { params: IdParams },
  handle: async (context) => {
    const { event, user } = context;
    return jsonAnswer(await app().content.page(event, await app().contentReaders.of(event, user), context.input.params.id, platformOf(context)), { headers: NO_STORE });
  },
});
