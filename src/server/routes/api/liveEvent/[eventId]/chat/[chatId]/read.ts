import * as v from 'valibot';
import { app } from '~/server/app';
import { route, FORM_BODY } from '~/server/http/route-rules';
import { NO_STORE } from '~/server/http/cache-headers';
import { PathIdSchema, platformOf } from '~/server/http/params';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** docs/product.md §7 PUT chat/{chatId}/read: the caller has read every message so far; answers the read mark and the caller's unread total. */
export const PUT = route({
  method: 'PUT', path: '/api/liveEvent/:eventId/chat/:chatId/read', who: 'member', sideEffects: true, cache: 'private', bodyLimit: FORM_BODY, input: { params: v.object({ chatId: PathIdSchema }) },
  handle: async (context) => {
    const { event, user } = context;
    return jsonAnswer({ data: await app().chat.markRead(event, user, context.input.params.chatId, platformOf(context)) }, { headers: NO_STORE });
  },
});
