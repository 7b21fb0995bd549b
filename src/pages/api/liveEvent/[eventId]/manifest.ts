import type { APIRoute } from 'astro';
import { respond } from '~/server/http/respond';
import { buildManifest, landingPath } from '~/server/pwa/manifest';
import { assertHostEvent, manifestResponse } from '~/server/pwa/manifest-request';

/** SPEC §7 GET manifest: the event's web app manifest, public (install works before login). */
export const GET: APIRoute = ({ locals, params }) => respond(() => {
  const event = locals.event!;
  assertHostEvent(event, params['eventId']);
  return Promise.resolve(manifestResponse(buildManifest(event, landingPath(event)), 'public, max-age=300'));
});
