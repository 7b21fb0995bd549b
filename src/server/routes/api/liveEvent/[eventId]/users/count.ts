import { UsersCountQuerySchema } from '~/contracts/participants';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET users/count?search&groupId: how many visible participants the filters match. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/users/count', who: 'member', sideEffects: false, cache: 'private', input: { query: UsersCountQuerySchema },
  handle: async (context) => {
    const { event, user } = context;
    const count = await app().participants.count(event, user.userId, context.input.query);
    return jsonAnswer({ count }, { headers: NO_STORE });
  },
});
