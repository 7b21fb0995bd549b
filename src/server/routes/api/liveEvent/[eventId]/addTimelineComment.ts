import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { readNewComment } from '~/server/timeline/timeline.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';
import { MAX_FORM_BYTES as TIMELINE_POST_BODY } from '~/server/timeline/timeline.http';

/** docs/product.md §7 POST addTimelineComment (multipart: inReplyTo, message, files, optional platform); answers the new comment. */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/addTimelineComment', who: 'member', sideEffects: true, idempotent: true, cache: 'private', bodyLimit: TIMELINE_POST_BODY,
  handle: async (context) => {
    const { event, user } = context;
    const { inReplyTo, ...comment } = await readNewComment(context.request);
    return jsonAnswer(await app().timeline.addComment(event, user.userId, inReplyTo, comment), { status: 201, headers: NO_STORE });
  },
});
