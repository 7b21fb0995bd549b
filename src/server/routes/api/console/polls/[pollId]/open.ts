import { PollPathSchema } from '~/contracts/console-live';
import { app } from '~/server/app';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';
import { CONSOLE_BODY } from '~/server/console/console.http';

/** Opens the poll for answers; answers its state. */
export const POST = route({
  method: 'POST', path: '/api/console/polls/:pollId/open', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: PollPathSchema },
  handle: async (context) => jsonAnswer(await app().console.polls.open(context.organiser, context.input.params.pollId)),
});
