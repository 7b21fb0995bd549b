import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { parseQuery } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import { PublicCategoriesQuerySchema } from '~/contracts/categories';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 GET categories: the event's categories for signed-in attendees, optionally of one categoryType. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event } = await memberCall(context);
  const { type } = parseQuery(PublicCategoriesQuerySchema, context.url);
  return jsonAnswer(await app().categories.listPublic(event.eventId, type), { headers: NO_STORE });
});
