import { app } from '~/server/app';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** The event's polls, quizzes and hunts with their state and answers so far. */
export const GET = route({
  method: 'GET', path: '/api/console/polls', who: 'organiser', sideEffects: false, cache: 'private',
  handle: async (context) => jsonAnswer(await app().console.polls.list(context.organiser)),
});
