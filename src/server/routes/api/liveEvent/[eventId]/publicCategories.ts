import { PublicCategoriesQuerySchema } from '~/contracts/categories';
import { app } from '~/server/app';
import { PUBLIC_SHORT } from '~/server/http/cache-headers';
import { publicCall } from '~/server/http/call';
import { parseQuery } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 publicCategories: the event's public categories, optionally of one type. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { type } = parseQuery(PublicCategoriesQuerySchema, context.url);
  const { event } = await publicCall(context);
  return jsonAnswer(await app().categories.listPublic(event.eventId, type), { headers: PUBLIC_SHORT });
});
