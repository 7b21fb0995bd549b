import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { IdParams, ownUserId, platformOf } from '~/server/http/params';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 vouchers/{id}/transactions ({id}: user id): the balance plus its transactions, newest first. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/vouchers/:id/transactions', who: 'member', sideEffects: false, cache: 'private', input: { params: IdParams },
  handle: async (context) => {
    const { event, user } = context;
    const userId = ownUserId(user, context.input.params.id);
    return jsonAnswer(await app().vouchers.transactions(event, userId, platformOf(context)), { headers: NO_STORE });
  },
});
