import { CheckInInputSchema } from '~/contracts/console-people';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';
import { PersonParams } from './index';

/** Checks the attendee in or out by hand; open admission lists refetch (`admission-change`). */
export const POST = route({
  method: 'POST', path: '/api/console/people/:personId/check-in', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: PersonParams, body: CheckInInputSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().people.setCheckedIn(organiser, input.params.personId, input.body.checkedIn)),
});
