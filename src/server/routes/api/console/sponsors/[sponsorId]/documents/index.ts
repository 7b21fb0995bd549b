import * as v from 'valibot';
import { DOCUMENT_MAX_BYTES, DOCUMENT_NAME_MAX } from '~/contracts/console-content';
import { line, RowIdSchema } from '~/contracts/console-speakers';
import { app } from '~/server/app';
import { documentTooLarge } from '~/server/console/document-files';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { imageBodyLimit, readFileForm } from '~/server/http/image-body';
import { route } from '~/server/http/route-rules';

const UploadFieldsSchema = v.object({ name: v.optional(line(DOCUMENT_NAME_MAX)) });

/**
 * Adds a document to a sponsor from a multipart form: the `file` (a PDF, a picture or an Office
 * file, read by its bytes) and its `name` (the file's name when none); answers the sponsor.
 */
export const POST = route({
  method: 'POST', path: '/api/console/sponsors/:sponsorId/documents', who: 'organiser', sideEffects: true, cache: 'private',
  bodyLimit: imageBodyLimit(DOCUMENT_MAX_BYTES), limit: 'console',
  input: { params: v.object({ sponsorId: RowIdSchema }) },
  handle: async ({ organiser, input, request }) => {
    const { bytes, fileName, fields } = await readFileForm(request, 'file', documentTooLarge, {
      schema: UploadFieldsSchema, of: (form) => ({ name: form.get('name') ?? undefined }),
    });
    return jsonAnswer(await app().console.sponsors.uploadDocument(organiser, input.params.sponsorId, { bytes, fileName }, fields));
  },
});
