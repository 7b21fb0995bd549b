import { OrganiserInputSchema } from '~/contracts/console-people';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';
import { PersonParams } from './index';

/** Marks or unmarks an organiser; unmarking the event's last organiser is a 409 `attendee.last_organiser`. */
export const POST = route({
  method: 'POST', path: '/api/console/people/:personId/organiser', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: PersonParams, body: OrganiserInputSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().people.setOrganiser(organiser, input.params.personId, input.body.organiser)),
});
