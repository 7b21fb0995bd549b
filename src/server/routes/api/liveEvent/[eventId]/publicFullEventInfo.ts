import { toPublicEventInfo } from '~/server/events/public-event-info';
import { PUBLIC_SHORT } from '~/server/http/cache-headers';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/**
 * docs/product.md §7 GET publicFullEventInfo: the visitor's view of the event under the `{eventId}` path
 * the other event calls use, as publicEventInfo gives it: any id but the host's own is the same
 * 403, so the ids that exist cannot be listed by asking.
 */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/publicFullEventInfo', eventInPath: 'strict', who: 'anyone', sideEffects: false, cache: 'visitor',
  handle: (context) => {
    const { event } = context;
    return jsonAnswer(toPublicEventInfo(event), { headers: PUBLIC_SHORT });
  },
});
