import * as v from 'valibot';
import { RowIdSchema } from '~/contracts/console-speakers';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Deletes a document with its file (when it was an upload) and takes it off the sessions that listed it. */
export const POST = route({
  method: 'POST', path: '/api/console/content/documents/:documentId/delete', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: v.object({ documentId: RowIdSchema }) },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.content.removeDocument(organiser, input.params.documentId)),
});
