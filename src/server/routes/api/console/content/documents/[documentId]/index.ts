import * as v from 'valibot';
import { DocumentInputSchema } from '~/contracts/console-content';
import { RowIdSchema } from '~/contracts/console-speakers';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Renames a document or changes where it shows; answers the document. */
export const POST = route({
  method: 'POST', path: '/api/console/content/documents/:documentId', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: v.object({ documentId: RowIdSchema }), body: DocumentInputSchema },
  handle: async ({ organiser, input }) => jsonAnswer(await app().console.content.updateDocument(organiser, input.params.documentId, input.body)),
});
