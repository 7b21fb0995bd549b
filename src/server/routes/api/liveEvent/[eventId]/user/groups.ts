import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET user/groups: the caller's own groups (My Groups in the profile). */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/user/groups', who: 'member', sideEffects: false, cache: 'private',
  handle: async (context) => {
    const { event, user } = context;
    return jsonAnswer(await app().participants.groupsOf(event.eventId, user.userId), { headers: NO_STORE });
  },
});
