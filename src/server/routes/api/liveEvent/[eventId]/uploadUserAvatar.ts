import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { readBounded } from '~/server/http/read-body';
import { AVATAR_MAX_BYTES } from '~/server/profile/avatar.service';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

// Base64 grows data by a third; multipart adds a little framing.
export const MAX_BODY = Math.ceil(AVATAR_MAX_BYTES * 4 / 3) + 64 * 1024;
const tooLarge = () => new DomainError('avatar.too_large', 'The image is larger than 10 MB', { field: 'image' });

/** The image bytes from JSON `{ name?, image: data URL }` or a multipart `image` file. */
async function imageBytes(request: Request): Promise<Buffer> {
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

/** SPEC §7 uploadUserAvatar: checked by content, re-encoded without metadata; answers the new Picture URL. */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/uploadUserAvatar', who: 'member', sideEffects: true, cache: 'private', bodyLimit: MAX_BODY,
  handle: async (context) => {
    const { event, user } = context;
    const bytes = await imageBytes(context.request);
    const Picture = await app().avatars.upload(event.eventId, user.userId, bytes);
    return jsonAnswer({ Picture });
  },
});
