import { CaptionsInputSchema } from '~/contracts/console-settings';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Sets the event's captions of sections and tabs ('' for the translated default). */
export const POST = route({
  method: 'POST', path: '/api/console/settings/captions', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { body: CaptionsInputSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.settings.setCaptions(organiser, input.body.captions)),
});
