import { DOCUMENT_MAX_BYTES, PlatformsSchema } from '~/contracts/console-content';
import { line } from '~/contracts/console-speakers';
import { app } from '~/server/app';
import { documentTooLarge } from '~/server/console/document-files';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { imageBodyLimit, readFileForm } from '~/server/http/image-body';
import { route } from '~/server/http/route-rules';
import * as v from 'valibot';

const UploadFieldsSchema = v.object({ name: v.optional(line(200)), platforms: PlatformsSchema });

/**
 * Uploads a document from a multipart form: the `file` (a PDF, a picture or an Office file, read
 * by its bytes), its `name` (the file's name when none) and one `platforms` field per platform;
 * answers the document, listed first.
 */
export const POST = route({
  method: 'POST', path: '/api/console/content/documents', who: 'organiser', sideEffects: true, cache: 'private',
  bodyLimit: imageBodyLimit(DOCUMENT_MAX_BYTES), limit: 'console',
  handle: async ({ organiser, request }) => {
    const { bytes, fileName, fields } = await readFileForm(request, 'file', documentTooLarge, {
      schema: UploadFieldsSchema, of: (form) => ({ name: form.get('name') ?? undefined, platforms: form.getAll('platforms') }),
    });
    return jsonAnswer(await app().console.content.upload(organiser, { bytes, fileName }, fields));
  },
});
