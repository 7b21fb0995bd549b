import { JSON_TYPE, NO_STORE } from '~/server/http/cache-headers';
import { UsersQuerySchema } from '~/contracts/participants';
import { app } from '~/server/app';
import { bytesAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET users?page&size&search&groupId: one page of visible participants (hidden ones never appear). */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/users', who: 'member', sideEffects: false, cache: 'private', input: { query: UsersQuerySchema },
  handle: async (context) => {
    const { event, user } = context;
    const query = context.input.query;
    // Serialised from the participants' JSON kept per event (participant-directory.ts), not per request.
    return bytesAnswer(Buffer.from(await app().participants.pageBody(event, user.userId, query)), { headers: { ...JSON_TYPE, ...NO_STORE } });
  },
});
