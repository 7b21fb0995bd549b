import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { readTimelineId } from '~/server/timeline/timeline.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 POST likeTimelineEntry (timelineId): idempotent; answers { TimelineID, Likes, isLiked }. */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/likeTimelineEntry', who: 'member', sideEffects: true, cache: 'private', bodyLimit: 4096,
  handle: async (context) => {
    const { event, user } = context;
    return jsonAnswer(await app().timeline.setLike(event, user.userId, await readTimelineId(context.request), true), { headers: NO_STORE });
  },
});
