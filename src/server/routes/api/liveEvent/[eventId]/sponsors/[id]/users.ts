import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { IdParams, platformOf } from '~/server/http/params';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET sponsors/{id}/users: the sponsor's contact users (phone and e-mail as profiles show them). */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/sponsors/:id/users', who: 'member', sideEffects: false, cache: 'private', input: { params: IdParams },
  handle: async (context) => {
    const { event } = context;
    return jsonAnswer(await app().sponsors.users(event, context.input.params.id, platformOf(context)), { headers: NO_STORE });
  },
});
