import { PictureParamsSchema } from '~/contracts/console-settings';
import { app } from '~/server/app';
import { CONSOLE_IMAGE_MAX_BYTES, imageTooLarge } from '~/server/console/console-images';
import { imageBodyLimit, readImageBody } from '~/server/http/image-body';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Sets the logo or the live background picture from a multipart `image` file: checked by content, re-encoded without metadata; answers the settings. */
export const POST = route({
  method: 'POST', path: '/api/console/settings/picture/:kind', who: 'organiser', sideEffects: true, cache: 'private',
  bodyLimit: imageBodyLimit(CONSOLE_IMAGE_MAX_BYTES), limit: 'console',
  input: { params: PictureParamsSchema },
  handle: async ({ organiser, input, request }) => jsonAnswer(await app().console.settings.setPicture(organiser, input.params.kind, await readImageBody(request, imageTooLarge))),
});
