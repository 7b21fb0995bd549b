import { app } from '~/server/app';
import { route, FORM_BODY } from '~/server/http/route-rules';
import { linkOriginFor } from '~/server/delivery/link-origin';
import { NO_STORE } from '~/server/http/cache-headers';
import { refuseCrossSite } from '~/server/http/same-origin';
import { clearSessionCookie } from '~/server/http/session-cookie';
import { jsonAnswer } from '~/server/http/answer-bytes';

/**
 * "Delete my account" (docs/privacy.md): erases or anonymises the caller's data in
 * every domain and ends their sessions and sockets. Never from another site, token or not.
 */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/deleteMyAccount', who: 'member', sideEffects: true, cache: 'private', bodyLimit: FORM_BODY,
  handle: async (context) => {
    const { event, user } = context;
    refuseCrossSite(context.request, context.url);
    await app().privacy.deleteAccount(event, user.userId, linkOriginFor(event.eventSlug, context.url.origin));
    clearSessionCookie(context.cookies);
    return jsonAnswer({ deleted: true }, { headers: NO_STORE });
  },
});
