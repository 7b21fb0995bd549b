import { app } from '~/server/app';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** The stage's stream and holding picture. */
export const GET = route({
  method: 'GET', path: '/api/console/stage', who: 'organiser', sideEffects: false, cache: 'private',
  handle: async (context) => jsonAnswer(await app().console.stage.current(context.organiser)),
});
