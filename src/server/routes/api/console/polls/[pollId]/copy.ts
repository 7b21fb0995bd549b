import * as v from 'valibot';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { PathIdSchema } from '~/server/http/params';
import { route } from '~/server/http/route-rules';

/** A copy of the poll as a new, closed poll without answers: the way to change a poll that has answers. */
export const POST = route({
  method: 'POST', path: '/api/console/polls/:pollId/copy', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: v.object({ pollId: PathIdSchema }) },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.pollEditor.copy(organiser, input.params.pollId), { status: 201 }),
});
