import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7: the signed-in user's own profile in `userModuleResult`. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/getOwnUserInfoFromSession', who: 'member', sideEffects: false, cache: 'private',
  handle: async (context) => {
    const { event, user } = context;
    const userModuleResult = await app().profile.userInfo(event.eventId, user.userId);
    return jsonAnswer({ userModuleResult }, { headers: NO_STORE });
  },
});
