import { PollPathSchema } from '~/contracts/console-live';
import { app } from '~/server/app';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** The projector's data: a quiz's leaderboard, or an open-text poll's presented and visible answers. */
export const GET = route({
  method: 'GET', path: '/api/console/present/:pollId', who: 'organiser', sideEffects: false, cache: 'private',
  input: { params: PollPathSchema },
  handle: async (context) => jsonAnswer(await app().console.present.view(context.organiser, context.input.params.pollId)),
});
