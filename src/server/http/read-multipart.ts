import { DomainError } from '~/server/errors';
import { readBounded } from './read-body';

export interface MultipartBody {
  /** Text fields by name (the last one when a name repeats). */
  fields: Record<string, string>;
  /** Uploaded files' bytes in the order sent; names and declared types are dropped (never trusted). */
  files: Buffer[];
}

/**
 * A multipart/form-data body (or a urlencoded one, which has no files), read to at most
 * the route's body limit (413 beyond). Files are taken from the fields named in `fileFields` only.
 */
export async function readMultipart(request: Request, fileFields: readonly string[]): Promise<MultipartBody> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.includes('multipart/form-data') && !type.includes('application/x-www-form-urlencoded')) {
    throw new DomainError('request.invalid', 'Send multipart/form-data', { field: 'content-type' });
  }
  const body = await readBounded(request);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
  } catch {
    throw new DomainError('request.invalid', 'The form body could not be read', { field: 'body' });
  }
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = value;
    else if (fileFields.includes(name)) files.push(Buffer.from(await value.arrayBuffer()));
  }
  return { fields, files };
}
