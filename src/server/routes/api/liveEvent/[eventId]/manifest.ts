import { PUBLIC_MANIFEST } from '~/server/http/cache-headers';
import { publicCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';
import { buildManifest, landingPath } from '~/server/pwa/manifest';
import { manifestResponse } from '~/server/pwa/manifest-request';
import type { RouteHandler } from '~/server/http/route-context';

/** SPEC §7 GET manifest: the event's web app manifest, public (install works before login). */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event } = await publicCall(context, { isStrictPath: true });
  return manifestResponse(buildManifest(event, landingPath(event)), PUBLIC_MANIFEST);
});
