import { PollPathSchema, PollPromotionSchema } from '~/contracts/console-live';
import { app } from '~/server/app';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';
import { CONSOLE_BODY } from '~/server/console/console.http';

/** Puts the poll on the stage as a promoted item (`platforms`, default both); answers the item's id. */
export const POST = route({
  method: 'POST', path: '/api/console/polls/:pollId/promote', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: PollPathSchema, body: PollPromotionSchema },
  handle: async (context) => {
    return jsonAnswer(await app().console.polls.promote(context.organiser, context.input.params.pollId, context.input.body.platforms));
  },
});
