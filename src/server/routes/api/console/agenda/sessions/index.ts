import { SessionInputSchema } from '~/contracts/console-agenda';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Creates a session (wall times in the event's zone); answers it with its new key. */
export const POST = route({
  method: 'POST', path: '/api/console/agenda/sessions', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: 4 * CONSOLE_BODY, limit: 'console',
  input: { body: SessionInputSchema },
  handle: async (call) => jsonAnswer(await app().console.agenda.create(call.organiser, call.input.body, { timeZone: call.event.timeZone, host: call.url.hostname })),
});
