import { app } from '~/server/app';
import { memberCall } from '~/server/http/call';
import { platformOf } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import { linkOriginFor } from '~/server/delivery/link-origin';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 GET sendAllDocuments: e-mails the user links to every document of the platform. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const origin = linkOriginFor(event.eventSlug, context.url.origin);
  const sent = await app().content.sendAll(event, await app().contentReaders.of(event, user), platformOf(context), origin, context.locals.t);
  return jsonAnswer({ data: true, emailSent: true, documents: sent });
});
