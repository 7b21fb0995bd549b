import { app } from '~/server/app';
import { readTimelineId } from '~/server/timeline/timeline.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 POST deleteTimelineEntry (timelineId): the author's own post or comment (403 for anyone else). */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/deleteTimelineEntry', who: 'member', sideEffects: true, cache: 'private', bodyLimit: 4096,
  handle: async (context) => {
    const { event, user } = context;
    const timelineId = await readTimelineId(context.request);
    await app().timeline.remove(event, user.userId, timelineId);
    return jsonAnswer({ TimelineID: timelineId, deleted: true });
  },
});
