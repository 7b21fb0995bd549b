import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { idParam } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 GET participant/{id}: one participant's profile; hidden, unknown or another event's id is 404. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  return jsonAnswer(await app().participants.one(event, user.userId, idParam(context)), { headers: NO_STORE });
});
