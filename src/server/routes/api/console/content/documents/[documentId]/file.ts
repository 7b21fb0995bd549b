import * as v from 'valibot';
import { DOCUMENT_MAX_BYTES } from '~/contracts/console-content';
import { RowIdSchema } from '~/contracts/console-speakers';
import { app } from '~/server/app';
import { documentTooLarge } from '~/server/console/document-files';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { imageBodyLimit, readFileForm } from '~/server/http/image-body';
import { route } from '~/server/http/route-rules';

/** Replaces a document's file with a multipart `file` (the upload rules); its name, order and sessions stay. */
export const POST = route({
  method: 'POST', path: '/api/console/content/documents/:documentId/file', who: 'organiser', sideEffects: true, cache: 'private',
  bodyLimit: imageBodyLimit(DOCUMENT_MAX_BYTES), limit: 'console',
  input: { params: v.object({ documentId: RowIdSchema }) },
  handle: async ({ organiser, input, request }) =>
    jsonAnswer(await app().console.content.replaceFile(organiser, input.params.documentId, (await readFileForm(request, 'file', documentTooLarge)).bytes)),
});
