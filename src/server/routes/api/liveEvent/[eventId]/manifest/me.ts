import * as v from 'valibot';
import { PLATFORMS } from '~/contracts/event-settings';
import { NO_STORE } from '~/server/http/cache-headers';
import { buildManifest, landingPath } from '~/server/pwa/manifest';
import { manifestResponse } from '~/server/pwa/manifest-request';
import { route } from '~/server/http/route-rules';

const Query = v.object({ platform: v.optional(v.picklist(PLATFORMS, 'must be digital or webApp')) });

/**
 * docs/product.md §7 GET manifest/me: the manifest for the signed-in attendee, whose start page follows
 * their platform (the page passes the platform it was opened on; nothing stores it yet).
 */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/manifest/me', eventInPath: 'strict', who: 'member', sideEffects: false, cache: 'private', input: { query: Query },
  handle: (context) => {
    const { event } = context;
    const { platform } = context.input.query;
    return manifestResponse(buildManifest(event, landingPath(event, platform)), NO_STORE);
  },
});
