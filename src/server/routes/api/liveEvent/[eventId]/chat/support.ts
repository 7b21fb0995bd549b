import { app } from '~/server/app';
import { route, FORM_BODY } from '~/server/http/route-rules';
import { NO_STORE } from '~/server/http/cache-headers';
import { platformOf } from '~/server/http/params';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** Not in docs/product.md §7: POST chat/support opens the caller's support chat with the organisers (stageSupport); `data` is its ChatID. */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/chat/support', who: 'member', sideEffects: true, cache: 'private', bodyLimit: FORM_BODY,
  handle: async (context) => {
    const { event, user } = context;
    return jsonAnswer({ data: await app().chat.openSupport(event, user, platformOf(context)) }, { headers: NO_STORE });
  },
});
