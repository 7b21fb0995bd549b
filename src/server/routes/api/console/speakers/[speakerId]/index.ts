import * as v from 'valibot';
import { RowIdSchema, SpeakerInputSchema } from '~/contracts/console-speakers';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

const params = v.object({ speakerId: RowIdSchema });

/** Saves a speaker's fields (all of them: the form sends the whole speaker); answers the speaker. */
export const PUT = route({
  method: 'PUT', path: '/api/console/speakers/:speakerId', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params, body: SpeakerInputSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.speakers.update(organiser, input.params.speakerId, input.body)),
});

/** Deletes a speaker and takes them off every session they were on; answers those sessions' ids. */
export const DELETE = route({
  method: 'DELETE', path: '/api/console/speakers/:speakerId', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.speakers.remove(organiser, input.params.speakerId)),
});
