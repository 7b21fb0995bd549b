import { BookSessionSchema } from '~/contracts/agenda';
import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { NO_STORE } from '~/server/http/cache-headers';
import { platformOf } from '~/server/http/params';
import { eventMatches } from '~/server/http/event-match';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 POST liveGetAgendaInfo/bookSession (EventId, SessionId), JSON or form fields. */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/liveGetAgendaInfo/bookSession', who: 'member', sideEffects: true, cache: 'private', bodyLimit: 4096, input: { body: BookSessionSchema },
  handle: async (context) => {
    const { user, event } = context;
    const input = context.input.body;
    if (!eventMatches(event, input.EventId)) {
      throw new DomainError('event.wrong_event', 'EventId names another event than the host', { field: 'EventId' });
    }
    return jsonAnswer(await app().booking.book(event, user.userId, input.SessionId, platformOf(context)), { headers: NO_STORE });
  },
});
