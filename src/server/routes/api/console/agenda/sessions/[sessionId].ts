import { SessionDeleteQuerySchema, SessionInputSchema, SessionPathSchema } from '~/contracts/console-agenda';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Changes every field of a session; moving a booked one needs `confirmBooked` (409 with `booked` until then), a seat limit under the seats booked is 409 naming `seatLimit`. */
export const PUT = route({
  method: 'PUT', path: '/api/console/agenda/sessions/:sessionId', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: 4 * CONSOLE_BODY, limit: 'console',
  input: { params: SessionPathSchema, body: SessionInputSchema },
  handle: async (call) => jsonAnswer(await app().console.agenda.update(
    call.organiser, call.input.params.sessionId, call.input.body, { timeZone: call.event.timeZone, host: call.url.hostname },
  )),
});

/** Deletes a session with its bookings; a booked one needs `?confirmBooked=1` (409 with `booked` until then). */
export const DELETE = route({
  method: 'DELETE', path: '/api/console/agenda/sessions/:sessionId', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: SessionPathSchema, query: SessionDeleteQuerySchema },
  handle: async (call) => jsonAnswer(await app().console.agenda.remove(call.organiser, call.input.params.sessionId, call.input.query.confirmBooked ?? false)),
});
