import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { memberCall } from '~/server/http/call';
import { platformOf } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import { linkOriginFor } from '~/server/delivery/link-origin';

/** SPEC §7 GET sendAllDocuments: e-mails the user links to every document of the platform. */
export const GET: APIRoute = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  await app().actionLimits.take('sendAllDocuments', event.eventId, user.userId);
  const origin = linkOriginFor(event.eventSlug, context.url.origin);
  const sent = await app().content.sendAll(event, await app().contentReaders.of(event, user), platformOf(context), origin, context.locals.t);
  return Response.json({ data: true, emailSent: true, documents: sent });
});
