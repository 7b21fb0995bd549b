import { app } from '~/server/app';
import { CONSOLE_BODY, readConsoleBody } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Shows the holding picture over every attendee's player (`shown: true`, a break) or goes back to the stream (`false`). */
export const POST = route({
  method: 'POST', path: '/api/console/stage/holding', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  handle: async (context) => {
    const body = await readConsoleBody(context.request);
    return jsonAnswer(await app().console.stage.showHolding(context.organiser, body['shown']));
  },
});
