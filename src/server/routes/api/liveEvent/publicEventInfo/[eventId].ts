import { toPublicEventInfo } from '~/server/events/public-event-info';
import { PUBLIC_SHORT } from '~/server/http/cache-headers';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/**
 * docs/product.md §7 publicEventInfo: what a visitor's page needs to show the event, nothing more. Any
 * id but the host's own is the same 403, without a lookup, so the ids that exist (active or
 * not) cannot be listed by asking.
 */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/publicEventInfo/:eventId', eventInPath: 'strict', who: 'anyone', sideEffects: false, cache: 'visitor',
  handle: (context) => {
    const { event } = context;
    return jsonAnswer(toPublicEventInfo(event), { headers: PUBLIC_SHORT });
  },
});
