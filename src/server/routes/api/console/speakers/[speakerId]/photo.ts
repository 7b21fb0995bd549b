import * as v from 'valibot';
import { RowIdSchema } from '~/contracts/console-speakers';
import { app } from '~/server/app';
import { CONSOLE_IMAGE_MAX_BYTES, imageTooLarge } from '~/server/console/console-images';
import { imageBodyLimit, readImageBody } from '~/server/http/image-body';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Sets a speaker's photo from a multipart `image` file: checked by content, re-encoded without metadata; answers the speaker. */
export const POST = route({
  method: 'POST', path: '/api/console/speakers/:speakerId/photo', who: 'organiser', sideEffects: true, cache: 'private',
  bodyLimit: imageBodyLimit(CONSOLE_IMAGE_MAX_BYTES), limit: 'console',
  input: { params: v.object({ speakerId: RowIdSchema }) },
  handle: async ({ organiser, input, request }) => jsonAnswer(await app().console.speakers.setPhoto(organiser, input.params.speakerId, await readImageBody(request, imageTooLarge))),
});
