import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';
import { readNewComment } from '~/server/timeline/timeline.http';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 POST addTimelineComment (multipart: inReplyTo, message, files, optional platform); answers the new comment. */
export const POST: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const { inReplyTo, ...comment } = await readNewComment(context.request);
  return jsonAnswer(await app().timeline.addComment(event, user.userId, inReplyTo, comment), { status: 201, headers: NO_STORE });
});
