import { PeopleQuerySchema, PersonInputSchema } from '~/contracts/console-people';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** One page of the event's attendees in name order; `q` searches name, e-mail and company. */
export const GET = route({
  method: 'GET', path: '/api/console/people', who: 'organiser', sideEffects: false, cache: 'private',
  input: { query: PeopleQuerySchema },
  handle: async ({ event, input }) => jsonAnswer(await app().people.page(event, input.query)),
});

/** Adds an attendee with a ticket; an address the event has is a 409 naming `email`. Answers the attendee. */
export const POST = route({
  method: 'POST', path: '/api/console/people', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { body: PersonInputSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().people.create(organiser, input.body)),
});
