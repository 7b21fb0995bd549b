import { app } from '~/server/app';
import { route, FORM_BODY } from '~/server/http/route-rules';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** docs/product.md §7: flips the own profile between visible ('0') and hidden ('1'); answers the new state. */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/toggleUserVisibility', who: 'member', sideEffects: true, cache: 'private', bodyLimit: FORM_BODY,
  handle: async (context) => {
    const { event, user } = context;
    const Hidden = await app().profile.toggleVisibility(event.eventId, user.userId);
    return jsonAnswer({ Hidden });
  },
});
