import { app } from '~/server/app';
import { CONSOLE_IMAGE_MAX_BYTES, imageTooLarge } from '~/server/console/console-images';
import { imageBodyLimit, readImageBody } from '~/server/http/image-body';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Sets the holding picture from a multipart `image` file: checked by content, re-encoded without metadata; answers the stage. */
export const POST = route({
  method: 'POST', path: '/api/console/stage/holding-image/upload', who: 'organiser', sideEffects: true, cache: 'private',
  bodyLimit: imageBodyLimit(CONSOLE_IMAGE_MAX_BYTES), limit: 'console',
  handle: async ({ organiser, request }) => jsonAnswer(await app().console.stage.uploadHoldingImage(organiser, await readImageBody(request, imageTooLarge))),
});
