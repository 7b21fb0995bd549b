import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';
import { readTimelineId } from '~/server/timeline/timeline.http';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 POST unlikeTimelineEntry (timelineId): idempotent; answers { TimelineID, Likes, isLiked }. */
export const POST: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  return jsonAnswer(await app().timeline.setLike(event, user.userId, await readTimelineId(context.request), false), { headers: NO_STORE });
});
