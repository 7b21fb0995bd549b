import { app } from '~/server/app';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** A 4-digit code no other poll of the event has, for the editor to offer a coded poll. */
export const GET = route({
  method: 'GET', path: '/api/console/polls/free-code', who: 'organiser', sideEffects: false, cache: 'private',
  handle: async ({ organiser }) => jsonAnswer(await app().console.pollEditor.freeCode(organiser)),
});
