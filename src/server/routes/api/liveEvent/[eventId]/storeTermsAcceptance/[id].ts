import * as v from 'valibot';
import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

const Acceptance = v.object({ termsText: v.pipe(v.string('is required'), v.maxLength(200_000)) });

/** docs/product.md §7 storeTermsAcceptance/{id} ({id}: own UserID): stores the accepted text and time. */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/storeTermsAcceptance/:id', who: 'member', sideEffects: true, cache: 'private', bodyLimit: 1024 * 1024, input: { body: Acceptance },
  handle: async (context) => {
    const { event, user } = context;
    if (context.params['id'] !== String(user.userId)) throw new DomainError('terms.forbidden', 'Only your own terms');
    const { termsText } = context.input.body;
    return jsonAnswer(await app().profile.acceptTerms(event.eventId, user.userId, termsText));
  },
});
