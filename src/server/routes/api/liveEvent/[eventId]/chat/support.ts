import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { platformOf } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** Not in SPEC §7: POST chat/support opens the caller's support chat with the organisers (stageSupport); `data` is its ChatID. */
export const POST: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  return jsonAnswer({ data: await app().chat.openSupport(event, user, platformOf(context)) }, { headers: NO_STORE });
});
