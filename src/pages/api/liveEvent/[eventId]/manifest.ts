import type { APIRoute } from 'astro';
import { PUBLIC_MANIFEST } from '~/server/http/cache-headers';
import { publicCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';
import { buildManifest, landingPath } from '~/server/pwa/manifest';
import { manifestResponse } from '~/server/pwa/manifest-request';

/** SPEC §7 GET manifest: the event's web app manifest, public (install works before login). */
export const GET: APIRoute = (context) => respond(async () => {
  const { event } = await publicCall(context, { isStrictPath: true });
  return manifestResponse(buildManifest(event, landingPath(event)), PUBLIC_MANIFEST);
});
