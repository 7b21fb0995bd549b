import { app } from '~/server/app';
import { readConsoleBody } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';
import { CONSOLE_BODY } from '~/server/console/console.http';

/** Pins an announcement among the promoted items (`message`, `linkMode`, `link`, `linkText`, `platforms`). */
export const POST = route({
  method: 'POST', path: '/api/console/timeline/pin', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  handle: async (context) => {
    const body = await readConsoleBody(context.request);
    return jsonAnswer(await app().console.moderation.pin(context.organiser, body));
  },
});
