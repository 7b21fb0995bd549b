import { app } from '~/server/app';
import { readTimelineId } from '~/server/timeline/timeline.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 delete comment: POST deleteTimelineComment (timelineId of the comment), the author's own only. */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/deleteTimelineComment', who: 'member', sideEffects: true, cache: 'private', bodyLimit: 4096,
  handle: async (context) => {
    const { event, user } = context;
    const timelineId = await readTimelineId(context.request);
    await app().timeline.remove(event, user.userId, timelineId, 'comment');
    return jsonAnswer({ TimelineID: timelineId, deleted: true });
  },
});
