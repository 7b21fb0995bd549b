import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { idParam, platformOf } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 PUT chat/{chatId}/read: the caller has read every message so far; answers the read mark and the caller's unread total. */
export const PUT: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  return jsonAnswer({ data: await app().chat.markRead(event, user, idParam(context, 'chatId'), platformOf(context)) }, { headers: NO_STORE });
});
