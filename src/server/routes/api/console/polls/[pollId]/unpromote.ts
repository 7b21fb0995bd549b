import { PollPathSchema } from '~/contracts/console-live';
import { app } from '~/server/app';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';
import { CONSOLE_BODY } from '~/server/console/console.http';

/** Takes the poll off the stage; answers how many promoted items went. */
export const POST = route({
  method: 'POST', path: '/api/console/polls/:pollId/unpromote', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: PollPathSchema },
  handle: async (context) => jsonAnswer(await app().console.polls.unpromote(context.organiser, context.input.params.pollId)),
});
