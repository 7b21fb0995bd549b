import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { idParam, platformOf } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 GET sponsors/{id}/users: the sponsor's contact users (phone and e-mail as profiles show them). */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event } = await memberCall(context);
  return jsonAnswer(await app().sponsors.users(event, idParam(context), platformOf(context)), { headers: NO_STORE });
});
