import { PUBLIC_MANIFEST } from '~/server/http/cache-headers';
import { buildManifest, landingPath } from '~/server/pwa/manifest';
import { manifestResponse } from '~/server/pwa/manifest-request';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET manifest: the event's web app manifest, public (install works before login). */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/manifest', eventInPath: 'strict', who: 'anyone', sideEffects: false, cache: 'visitor',
  handle: (context) => {
    const { event } = context;
    return manifestResponse(buildManifest(event, landingPath(event)), PUBLIC_MANIFEST);
  },
});
