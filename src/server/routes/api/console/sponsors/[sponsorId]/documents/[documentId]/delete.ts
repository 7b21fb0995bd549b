import * as v from 'valibot';
import { RowIdSchema } from '~/contracts/console-speakers';
import { app } from '~/server/app';
import { CONSOLE_BODY } from '~/server/console/console.http';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Deletes a sponsor's document with its file (when it was an upload); answers the sponsor. */
export const POST = route({
  method: 'POST', path: '/api/console/sponsors/:sponsorId/documents/:documentId/delete', who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console',
  input: { params: v.object({ sponsorId: RowIdSchema, documentId: RowIdSchema }) },
  handle: async ({ organiser, input }) =>
    jsonAnswer(await app().console.sponsors.removeDocument(organiser, input.params.sponsorId, input.params.documentId)),
});
