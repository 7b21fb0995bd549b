import { NewEventSchema } from '~/contracts/platform-admin';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** The platform's events with their attendee counts, newest start first. */
export const GET = route({
  method: 'GET', path: '/api/admin/events', who: 'admin', sideEffects: false, cache: 'private',
  handle: async () => jsonAnswer(await app().platformAdmin.events(), { headers: NO_STORE }),
});

/** Creates an event, empty or as a copy of another's file (`copyFrom`); an existing slug is a 409. */
export const POST = route({
  method: 'POST', path: '/api/admin/events', who: 'admin', sideEffects: true, cache: 'private', bodyLimit: 16 * 1024,
  input: { body: NewEventSchema },
  handle: async ({ input }) => jsonAnswer(await app().platformAdmin.createEvent(input.body), { headers: NO_STORE }),
});
