import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 GET getAllSelfieOverlays: the event's overlays (docs/selfie.md); 403 when the selfie tab is off. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event } = await memberCall(context);
  return jsonAnswer(await app().selfie.overlays(event), { headers: NO_STORE });
});
