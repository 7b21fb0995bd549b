import { HoldingImageSchema } from '~/contracts/console-live';
import { app } from '~/server/app';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';
import { CONSOLE_BODY } from '~/server/console/console.http';

/** Sets the picture before the first frame (`holdingImageUrl`; null: the live background image). */
export const POST = route({
  method: 'POST', path: '/api/console/stage/holding-image', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { body: HoldingImageSchema },
  handle: async (context) => {
    return jsonAnswer(await app().console.stage.setHoldingImage(context.organiser, context.input.body.holdingImageUrl, context.url.hostname));
  },
});
