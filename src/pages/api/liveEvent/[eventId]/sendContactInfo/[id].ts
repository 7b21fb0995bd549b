import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { memberCall } from '~/server/http/call';
import { idParam, platformOf } from '~/server/http/params';
import { respond } from '~/server/http/respond';

/** SPEC §7 GET sendContactInfo/{id}: shares the attendee's contact details with sponsor {id}. */
export const GET: APIRoute = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  await app().actionLimits.take('sendContactInfo', event.eventId, user.userId);
  await app().leads.sendContactInfo(event, user, idParam(context), platformOf(context), context.locals.t);
  return Response.json({ data: true });
});
