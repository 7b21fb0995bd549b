import * as v from 'valibot';
import { PLATFORMS } from '~/contracts/event-settings';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { parseQuery } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import { buildManifest, landingPath } from '~/server/pwa/manifest';
import { manifestResponse } from '~/server/pwa/manifest-request';
import type { RouteHandler } from '~/server/http/route-context';

const Query = v.object({ platform: v.optional(v.picklist(PLATFORMS, 'must be digital or webApp')) });

/**
 * SPEC §7 GET manifest/me: the manifest for the signed-in attendee, whose start page follows
 * their platform (the page passes the platform it was opened on; nothing stores it yet).
 */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event } = await memberCall(context, { isStrictPath: true });
  const { platform } = parseQuery(Query, context.url);
  return manifestResponse(buildManifest(event, landingPath(event, platform)), NO_STORE);
});
