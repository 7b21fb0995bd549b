import { SELFIE_MAX_BYTES, SelfieUploadSchema } from '~/contracts/selfie';
import { DomainError } from '~/server/errors';
import { readMultipart } from '~/server/http/read-multipart';
import { parseInput } from '~/server/http/respond';
import type { NewSelfie } from './selfie.service';

// The image and a few short text fields; anything larger is refused before it is buffered.
export const MAX_FORM_BYTES = SELFIE_MAX_BYTES + 64 * 1024;

/** The multipart body of uploadSelfieImage: one `image` file and the text fields of SelfieUploadSchema. */
export async function readNewSelfie(request: Request): Promise<NewSelfie> {
  const { fields, files } = await readMultipart(request, ['image']).catch((error: unknown) => {
    throw error instanceof DomainError && error.code === 'request.too_large'
      // The code stays request.too_large: respond() then closes the connection the unread rest is on.
      ? new DomainError('request.too_large', 'The image is larger than 10 MB', { field: 'image', maxBytes: SELFIE_MAX_BYTES })
      : error;
  });
  if (files.length > 1) throw new DomainError('request.invalid', 'Send one image', { field: 'image' });
  return { ...parseInput(SelfieUploadSchema, fields), image: files[0] };
}
