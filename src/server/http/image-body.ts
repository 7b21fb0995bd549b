import { DomainError } from '~/server/errors';
import { readBounded } from './read-body';

/** Base64 grows data by a third; multipart adds a little framing: the body an upload of `maxBytes` may take. */
export const imageBodyLimit = (maxBytes: number): number => Math.ceil(maxBytes * 4 / 3) + 64 * 1024;

/**
 * The image bytes of an upload: a multipart `image` file, or JSON `{ image: data URL }`. A body
 * over the route's limit is `tooLarge()`; the bytes are not checked here (shared/image.ts does).
 */
export async function readImageBody(request: Request, tooLarge: () => DomainError): Promise<Buffer> {
  const type = request.headers.get('content-type') ?? '';
  const body = await readBounded(request).catch((error: unknown) => {
    throw error instanceof DomainError && error.code === 'request.too_large' ? tooLarge() : error;
  });
  if (type.includes('multipart/form-data')) {
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData().catch(() => undefined);
    const image = form?.get('image');
    if (!image || typeof image === 'string') throw new DomainError('request.invalid', 'image is required', { field: 'image' });
    return Buffer.from(await image.arrayBuffer());
  }
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
