import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { IdParams } from '~/server/http/params';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET participant/{id}: one participant's profile; hidden, unknown or another event's id is 404. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/participant/:id', who: 'member', sideEffects: false, cache: 'private', input: { params: IdParams },
  handle: async (context) => {
    const { event, user } = context;
    return jsonAnswer(await app().participants.one(event, user.userId, context.input.params.id), { headers: NO_STORE });
  },
});
