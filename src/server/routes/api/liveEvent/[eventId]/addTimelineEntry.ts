import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { readNewPost } from '~/server/timeline/timeline.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';
import { MAX_FORM_BYTES as TIMELINE_POST_BODY } from '~/server/timeline/timeline.http';

/** docs/product.md §7 POST addTimelineEntry (multipart: message, files, optional platform); answers the new item. */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/addTimelineEntry', who: 'member', sideEffects: true, idempotent: true, cache: 'private', bodyLimit: TIMELINE_POST_BODY,
  handle: async (context) => {
    const { event, user } = context;
    const post = await readNewPost(context.request);
    return jsonAnswer(await app().timeline.addPost(event, user.userId, post), { status: 201, headers: NO_STORE });
  },
});
