import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';
import { readNewPost } from '~/server/timeline/timeline.http';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 POST addTimelineEntry (multipart: message, files, optional platform); answers the new item. */
export const POST: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const post = await readNewPost(context.request);
  return jsonAnswer(await app().timeline.addPost(event, user.userId, post), { status: 201, headers: NO_STORE });
});
