import * as v from 'valibot';
import { RowIdSchema } from '~/contracts/console-speakers';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Deletes a speaker and takes them off every session they were on; answers those sessions' ids. */
export const POST = route({
  method: 'POST', path: '/api/console/speakers/:speakerId/delete', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: v.object({ speakerId: RowIdSchema }) },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.speakers.remove(organiser, input.params.speakerId)),
});
