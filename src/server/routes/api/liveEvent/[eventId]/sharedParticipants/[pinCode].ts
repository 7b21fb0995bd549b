import { translator } from '~/lib/i18n';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { clientAddressOf } from '~/server/http/client';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 shared list by event id and pinCode: no login, the PIN is the key; a wrong one is 404 and counts against the address. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/sharedParticipants/:pinCode', who: 'anyone', sideEffects: false, cache: 'private',
  handle: async (context) => {
    const { event } = context;
    const t = translator(event.locale);
    const list = await app().sharedLists.list(event, context.params['pinCode'] ?? '', clientAddressOf(context), (key) => t(key));
    return jsonAnswer(list, { headers: NO_STORE });
  },
});
