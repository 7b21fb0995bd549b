import * as v from 'valibot';
import { RowIdSchema } from '~/contracts/console-speakers';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Deletes a sponsor with its documents, meeting rooms and leads; its polls stay. */
export const POST = route({
  method: 'POST', path: '/api/console/sponsors/:sponsorId/delete', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: v.object({ sponsorId: RowIdSchema }) },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.sponsors.remove(organiser, input.params.sponsorId)),
});
