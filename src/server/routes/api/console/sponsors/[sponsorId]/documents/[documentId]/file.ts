import * as v from 'valibot';
import { DOCUMENT_MAX_BYTES } from '~/contracts/console-content';
import { RowIdSchema } from '~/contracts/console-speakers';
import { app } from '~/server/app';
import { documentTooLarge } from '~/server/console/document-files';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { imageBodyLimit, readFileForm } from '~/server/http/image-body';
import { route } from '~/server/http/route-rules';

/** Replaces a sponsor document's file with a multipart `file` (the documents' upload rules); its name and place stay. Answers the sponsor. */
export const POST = route({
  method: 'POST', path: '/api/console/sponsors/:sponsorId/documents/:documentId/file', who: 'organiser', sideEffects: true, cache: 'private',
  bodyLimit: imageBodyLimit(DOCUMENT_MAX_BYTES), limit: 'console',
  input: { params: v.object({ sponsorId: RowIdSchema, documentId: RowIdSchema }) },
  handle: async ({ organiser, input, request }) => jsonAnswer(await app().console.sponsors.replaceDocumentFile(
    organiser, input.params.sponsorId, input.params.documentId, (await readFileForm(request, 'file', documentTooLarge)).bytes)),
});
