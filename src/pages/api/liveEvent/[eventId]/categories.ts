import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import { PublicCategoriesQuerySchema } from '~/contracts/categories';
import { parseQuery } from '~/server/http/public-api';
import { memberCall, PRIVATE } from '~/server/sponsors/sponsor-http';

/** SPEC §7 GET categories: the event's categories for signed-in attendees, optionally of one categoryType. */
export const GET: APIRoute = (context) => respond(async () => {
  const { event } = await memberCall(context);
  const { type } = parseQuery(PublicCategoriesQuerySchema, context.url);
  return Response.json(await app().categories.listPublic(event.eventId, type), { headers: PRIVATE });
});
