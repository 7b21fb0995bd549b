import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { imageBodyLimit, readImageBody } from '~/server/http/image-body';
import { AVATAR_MAX_BYTES } from '~/server/profile/avatar.service';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

export const MAX_BODY = imageBodyLimit(AVATAR_MAX_BYTES);
const tooLarge = () => new DomainError('avatar.too_large', 'The image is larger than 10 MB', { field: 'image' });

/** uploadUserAvatar (docs/security.md "Upload budgets"): JSON `{ name?, image: data URL }` or a multipart `image` file, checked by content, re-encoded without metadata; answers the new Picture URL. */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/uploadUserAvatar', who: 'member', sideEffects: true, cache: 'private', bodyLimit: MAX_BODY,
  handle: async (context) => {
    const { event, user } = context;
    const bytes = await readImageBody(context.request, tooLarge);
    const Picture = await app().avatars.upload(event.eventId, user.userId, bytes);
    return jsonAnswer({ Picture });
  },
});
