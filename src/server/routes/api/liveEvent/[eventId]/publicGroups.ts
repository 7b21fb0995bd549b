import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 public groups (docs/product.md §3: id, name, userIds of visible members); refetched on publicGroups-change. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/publicGroups', who: 'member', sideEffects: false, cache: 'private',
  handle: async (context) => {
    const { event } = context;
    return jsonAnswer(await app().participants.publicGroups(event), { headers: NO_STORE });
  },
});
