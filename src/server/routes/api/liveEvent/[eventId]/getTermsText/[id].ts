import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 getTermsText/{id}: {id} is the signed-in user's own UserID; answers the event's terms. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/getTermsText/:id', who: 'member', sideEffects: false, cache: 'private',
  handle: async (context) => {
    const { event, user } = context;
    if (context.params['id'] !== String(user.userId)) throw new DomainError('terms.forbidden', 'Only your own terms');
    const termsText = await app().profile.termsText(event.eventId);
    return jsonAnswer({ termsText });
  },
});
