import type * as v from 'valibot';
import { parseInput } from './respond';
import { DomainError } from '~/server/errors';
import { readBounded } from './read-body';

const readUpload = (request: Request, tooLarge: () => DomainError): Promise<Buffer> => readBounded(request).catch((error: unknown) => {
  throw error instanceof DomainError && error.code === 'request.too_large' ? tooLarge() : error;
});

const formOf = async (body: Buffer, type: string): Promise<FormData | undefined> =>
  new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData().catch(() => undefined);

async function fileOfForm(form: FormData | undefined, field: string): Promise<{ bytes: Buffer; fileName: string }> {
  const file = form?.get(field);
  if (!file || typeof file === 'string') throw new DomainError('request.invalid', `${field} is required`, { field });
  return { bytes: Buffer.from(await file.arrayBuffer()), fileName: file.name };
}

/**
 * A multipart upload: the file under `field` with its name, and the form's other fields. A body
 * over the route's limit is `tooLarge()`; the bytes are not checked here (the domain does).
 */
export async function readFileForm(request: Request, field: string, tooLarge: () => DomainError): Promise<{ bytes: Buffer; fileName: string; form: FormData }>;
/** As above, with the form's other fields read by `fields` (a 400 naming the field when they break it): a multipart route's declared input. */
export async function readFileForm<S extends v.GenericSchema>(request: Request, field: string, tooLarge: () => DomainError, fields: { schema: S; of: (form: FormData) => unknown }): Promise<{ bytes: Buffer; fileName: string; form: FormData; fields: v.InferOutput<S> }>;
export async function readFileForm(request: Request, field: string, tooLarge: () => DomainError, fields?: { schema: v.GenericSchema; of: (form: FormData) => unknown }): Promise<{ bytes: Buffer; fileName: string; form: FormData; fields?: unknown }> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.includes('multipart/form-data')) throw new DomainError('request.invalid', 'Send multipart/form-data', { field: 'content-type' });
  const form = await formOf(await readUpload(request, tooLarge), type);
  const file = await fileOfForm(form, field);
  return fields ? { ...file, form: form!, fields: parseInput(fields.schema, fields.of(form!)) } : { ...file, form: form! };
}

/** Base64 grows data by a third; multipart adds a little framing: the body an upload of `maxBytes` may take. */
export const imageBodyLimit = (maxBytes: number): number => Math.ceil(maxBytes * 4 / 3) + 64 * 1024;

/**
 * The image bytes of an upload: a multipart `image` file, or JSON `{ image: data URL }`. A body
 * over the route's limit is `tooLarge()`; the bytes are not checked here (shared/image.ts does).
 */
export async function readImageBody(request: Request, tooLarge: () => DomainError): Promise<Buffer> {
  const type = request.headers.get('content-type') ?? '';
  const body = await readUpload(request, tooLarge);
  if (type.includes('multipart/form-data')) return (await fileOfForm(await formOf(body, type), 'image')).bytes;
  if (type.includes('application/json')) {
    let image: unknown;
    try {
      image = (JSON.parse(body.toString('utf8')) as { image?: unknown }).image;
    } catch { /* answered below */ }
    const match = typeof image === 'string' ? /^data:[^,]*;base64,([A-Za-z0-9+/=\s]+)$/.exec(image) : null;
    if (!match) throw new DomainError('request.invalid', 'image must be a base64 data URL', { field: 'image' });
    return Buffer.from(match[1]!, 'base64');
  }
  throw new DomainError('request.invalid', 'Send JSON or multipart/form-data', { field: 'content-type' });
}
