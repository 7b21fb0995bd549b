import { HiddenInputSchema } from '~/contracts/console-people';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';
import { PersonParams } from './index';

/** Hides the attendee from the participant list, or shows them again (their own visibility switch). */
export const POST = route({
  method: 'POST', path: '/api/console/people/:personId/hidden', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: PersonParams, body: HiddenInputSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().people.setHidden(organiser, input.params.personId, input.body.hidden)),
});
