import { AgendaQuerySchema } from '~/contracts/agenda';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { keptJsonResponse } from '~/server/http/kept-json';
import { platformOf } from '~/server/http/params';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 liveGetAgendaInfo: the agenda with the caller's bookings and seats left (docs/agenda.md), kept with the agenda's read model for the members who get the same bytes. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/liveGetAgendaInfo', who: 'member', sideEffects: false, cache: 'private', input: { query: AgendaQuerySchema },
  handle: async (context) => {
    const { user, event } = context;
    const query = context.input.query;
    return keptJsonResponse(context, await app().agenda.getMemberAgendaAnswer(event, user.userId, query, platformOf(context)), NO_STORE);
  },
});
