import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET getAllSelfieOverlays: the event's overlays (docs/selfie.md); 403 when the selfie tab is off. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/getAllSelfieOverlays', who: 'member', sideEffects: false, cache: 'private',
  handle: async (context) => {
    const { event } = context;
    return jsonAnswer(await app().selfie.overlays(event), { headers: NO_STORE });
  },
});
