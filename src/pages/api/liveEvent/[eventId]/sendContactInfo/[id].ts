import type { APIRoute } from 'astro';
import { respond } from '~/server/http/respond';
import { idParam, memberCall } from '~/server/sponsors/sponsor-http';
import { leadService } from '~/server/sponsors/sponsor.wiring';

/** SPEC §7 GET sendContactInfo/{id}: shares the attendee's contact details with sponsor {id}. */
export const GET: APIRoute = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  await leadService().sendContactInfo(event, user, idParam(context), context.locals.t);
  return Response.json({ data: true });
});
