import { PublicCategoriesQuerySchema } from '~/contracts/categories';
import type { APIRoute } from 'astro';
import { parseQuery, pathEvent, PUBLIC_CACHE } from '~/server/http/public-api';
import { respond } from '~/server/http/respond';
import { services } from '~/server/services';

/** SPEC §7 publicCategories: the event's public categories, optionally of one type. */
export const GET: APIRoute = (context) => respond(async () => {
  const { type } = parseQuery(PublicCategoriesQuerySchema, context.url);
  const event = await pathEvent(context);
  return Response.json(await services().categories.listPublic(event.eventId, type), { headers: PUBLIC_CACHE });
});
