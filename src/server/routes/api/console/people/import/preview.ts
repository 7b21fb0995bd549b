import { ImportInputSchema, IMPORT_BODY_LIMIT } from '~/contracts/console-people';
import { app } from '~/server/app';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** What importing the CSV would do: its separator, column mapping, first rows, counts and every broken rule. Writes nothing. */
export const POST = route({
  method: 'POST', path: '/api/console/people/import/preview', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: IMPORT_BODY_LIMIT, limit: 'console',
  input: { body: ImportInputSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().people.preview(organiser, input.body.csv)),
});
