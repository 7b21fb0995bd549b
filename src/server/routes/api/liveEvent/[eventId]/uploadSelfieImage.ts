import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';
import { readNewSelfie } from '~/server/selfie/selfie.http';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/**
 * SPEC §7 POST uploadSelfieImage (multipart `image`; optional overlayId, postToTimeline, message,
 * platform): checked by content, encoded anew, stored; posted to the timeline when asked. 201 SavedSelfie.
 */
export const POST: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const selfie = await readNewSelfie(context.request);
  return jsonAnswer(await app().selfie.upload(event, user.userId, selfie), { status: 201, headers: NO_STORE });
});
