import { app } from '~/server/app';
import { linkOriginFor } from '~/server/delivery/link-origin';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';
import { refuseCrossSite } from '~/server/http/same-origin';
import { clearSessionCookie } from '~/server/http/session-cookie';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/**
 * "Delete my account" (docs/privacy.md): erases or anonymises the caller's data in
 * every domain and ends their sessions and sockets. Never from another site, token or not.
 */
export const POST: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  refuseCrossSite(context.request, context.url);
  await app().privacy.deleteAccount(event, user.userId, linkOriginFor(event.eventSlug, context.url.origin));
  clearSessionCookie(context.cookies);
  return jsonAnswer({ deleted: true }, { headers: NO_STORE });
});
