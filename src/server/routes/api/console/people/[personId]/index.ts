import * as v from 'valibot';
import { PersonInputSchema } from '~/contracts/console-people';
import { RowIdSchema } from '~/contracts/console-speakers';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

export const PersonParams = v.object({ personId: RowIdSchema });

/** One attendee as the list shows them. */
export const GET = route({
  method: 'GET', path: '/api/console/people/:personId', who: 'organiser', sideEffects: false, cache: 'private',
  input: { params: PersonParams },
  handle: async ({ organiser, input }) => jsonAnswer(await app().people.find(organiser, input.params.personId)),
});

/** Saves an attendee's fields (the form sends them all); answers the attendee. */
export const POST = route({
  method: 'POST', path: '/api/console/people/:personId', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: PersonParams, body: PersonInputSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().people.update(organiser, input.params.personId, input.body)),
});
