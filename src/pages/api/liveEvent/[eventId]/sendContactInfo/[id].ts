import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import { idParam, memberCall } from '~/server/sponsors/sponsor-http';

/** SPEC §7 GET sendContactInfo/{id}: shares the attendee's contact details with sponsor {id}. */
export const GET: APIRoute = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  await app().leads.sendContactInfo(event, user, idParam(context), context.locals.t);
  return Response.json({ data: true });
});
