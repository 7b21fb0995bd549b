import { app } from '~/server/app';
import { readConsoleBody } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';
import { CONSOLE_BODY } from '~/server/console/console.http';

/** Shows (`publicResults: true`) or hides the poll's counts to attendees; answers its state. */
export const POST = route({
  method: 'POST', path: '/api/console/polls/:pollId/results', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  handle: async (context) => {
    const body = await readConsoleBody(context.request);
    return jsonAnswer(await app().console.polls.setResultsVisible(context.organiser, context.params['pollId'], body['publicResults']));
  },
});
