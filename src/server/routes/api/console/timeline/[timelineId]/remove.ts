import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { organiserOf } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** Removes any post, comment or promoted item; attendees' timelines drop it at once. */
export const POST: RouteHandler = (context) => respond(async () => {
  await app().console.moderation.remove(organiserOf(context), context.params['timelineId']);
  return jsonAnswer({ removed: true });
});
