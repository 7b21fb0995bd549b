import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { idParam, platformOf } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 GET sponsors/{id}/polls: the sponsor's polls. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  return jsonAnswer(await app().sponsors.polls(event, idParam(context), user.userId, platformOf(context)), { headers: NO_STORE });
});
