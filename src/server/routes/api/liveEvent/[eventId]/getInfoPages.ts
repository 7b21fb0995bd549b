import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { platformOf } from '~/server/http/params';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET getInfoPages: the information pages of the platform (query platform=digital|webApp). */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/getInfoPages', who: 'member', sideEffects: false, cache: 'member',
  handle: async (context) => {
    const { event } = context;
    return jsonAnswer(await app().content.infoPages(event, platformOf(context)), { headers: NO_STORE });
  },
});
