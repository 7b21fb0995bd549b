import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { readNewSelfie } from '~/server/selfie/selfie.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';
import { MAX_FORM_BYTES as SELFIE_BODY } from '~/server/selfie/selfie.http';

/**
 * docs/product.md §7 POST uploadSelfieImage (multipart `image`; optional overlayId, postToTimeline, message,
 * platform): checked by content, encoded anew, stored; posted to the timeline when asked. 201 SavedSelfie.
 */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/uploadSelfieImage', who: 'member', sideEffects: true, cache: 'private', bodyLimit: SELFIE_BODY,
  handle: async (context) => {
    const { event, user } = context;
    const selfie = await readNewSelfie(context.request);
    return jsonAnswer(await app().selfie.upload(event, user.userId, selfie), { status: 201, headers: NO_STORE });
  },
});
