import { PublicCategoriesQuerySchema } from '~/contracts/categories';
import { apiRoute, parseQuery, pathEvent, PUBLIC_CACHE } from '~/server/http/api-handler';
import { services } from '~/server/services';

/** SPEC §7 publicCategories: the event's public categories, optionally of one type. */
export const GET = apiRoute(async (context) => {
  const { type } = parseQuery(PublicCategoriesQuerySchema, context.url);
  const event = await pathEvent(context);
  return Response.json(await services().categories.listPublic(event.eventId, type), { headers: PUBLIC_CACHE });
});
