import type { APIRoute } from 'astro';
import { respond } from '~/server/http/respond';
import { PublicCategoriesQuerySchema } from '~/contracts/categories';
import { parseQuery } from '~/server/http/public-api';
import { services } from '~/server/services';
import { memberCall, PRIVATE } from '~/server/sponsors/sponsor-http';

/** SPEC §7 GET categories: the event's categories for signed-in attendees, optionally of one categoryType. */
export const GET: APIRoute = (context) => respond(async () => {
  const { event } = await memberCall(context);
  const { type } = parseQuery(PublicCategoriesQuerySchema, context.url);
  return Response.json(await services().categories.listPublic(event.eventId, type), { headers: PRIVATE });
});
