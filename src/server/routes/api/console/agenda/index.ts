import { app } from '~/server/app';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** The programme: every session in start order with its bookings counted, and the speakers, rooms and categories a session may name. */
export const GET = route({
  method: 'GET', path: '/api/console/agenda', who: 'organiser', sideEffects: false, cache: 'private',
  handle: async (call) => jsonAnswer(await app().console.agenda.list(call.organiser, call.event.timeZone)),
});
