import * as v from 'valibot';
import { RowIdSchema, SpeakerInputSchema } from '~/contracts/console-speakers';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Saves a speaker's fields (all of them: the form sends the whole speaker); answers the speaker. */
export const POST = route({
  method: 'POST', path: '/api/console/speakers/:speakerId', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: v.object({ speakerId: RowIdSchema }), body: SpeakerInputSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.speakers.update(organiser, input.params.speakerId, input.body)),
});
