import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { toPublicEventInfo } from '~/server/events/public-event-info';
import { PUBLIC_SHORT } from '~/server/http/cache-headers';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/**
 * docs/product.md §7 GET eventInfo/{x}: the event found by its host and a poll's access key, as the results
 * logins load it before any session (docs/product.md §2 poll-access-key guard: event, language, title). The
 * key is no login, so this is the visitor's view; a key no poll of the event has is a 404.
 */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/eventInfo/:pollAccessKey', eventInPath: 'strict', who: 'anyone', sideEffects: false, cache: 'visitor',
  handle: async (context) => {
    const { event } = context;
    if (!(await app().polls.hasAccessKey(event.eventId, context.params['pollAccessKey'] ?? ''))) {
      throw new DomainError('poll.not_found', 'No poll of this event has that access key');
    }
    return jsonAnswer(toPublicEventInfo(event), { headers: PUBLIC_SHORT });
  },
});
