import { PollPathSchema, PollResultsSchema } from '~/contracts/console-live';
import { app } from '~/server/app';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';
import { CONSOLE_BODY } from '~/server/console/console.http';

/** Shows (`publicResults: true`) or hides the poll's counts to attendees; answers its state. */
export const POST = route({
  method: 'POST', path: '/api/console/polls/:pollId/results', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: PollPathSchema, body: PollResultsSchema },
  handle: async (context) => {
    return jsonAnswer(await app().console.polls.setResultsVisible(context.organiser, context.input.params.pollId, context.input.body.publicResults));
  },
});
