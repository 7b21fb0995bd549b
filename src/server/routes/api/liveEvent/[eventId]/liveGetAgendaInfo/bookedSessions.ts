import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { platformOf } from '~/server/http/params';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 booked sessions list: [{ id, startDate, endDate, title }] of the caller, in start order. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/liveGetAgendaInfo/bookedSessions', who: 'member', sideEffects: false, cache: 'private',
  handle: async (context) => {
    const { user, event } = context;
    return jsonAnswer(await app().booking.listBooked(event, user.userId, platformOf(context)), { headers: NO_STORE });
  },
});
