import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET groups: the groups the caller can see (public ones and their own), for the list's group filter. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/groups', who: 'member', sideEffects: false, cache: 'private',
  handle: async (context) => {
    const { event, user } = context;
    return jsonAnswer(await app().participants.groups(event, user.userId), { headers: NO_STORE });
  },
});
