import { app } from '~/server/app';
import { memberCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';
import { readTimelineId } from '~/server/timeline/timeline.http';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 delete comment: POST deleteTimelineComment (timelineId of the comment), the author's own only. */
export const POST: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const timelineId = await readTimelineId(context.request);
  await app().timeline.remove(event, user.userId, timelineId, 'comment');
  return jsonAnswer({ TimelineID: timelineId, deleted: true });
});
