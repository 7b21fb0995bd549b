import { PublicCategoriesQuerySchema } from '~/contracts/categories';
import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { parseQuery, pathEvent, PUBLIC_CACHE } from '~/server/http/public-api';
import { respond } from '~/server/http/respond';

/** SPEC §7 publicCategories: the event's public categories, optionally of one type. */
export const GET: APIRoute = (context) => respond(async () => {
  const { type } = parseQuery(PublicCategoriesQuerySchema, context.url);
  const event = await pathEvent(context);
  return Response.json(await app().categories.listPublic(event.eventId, type), { headers: PUBLIC_CACHE });
});
