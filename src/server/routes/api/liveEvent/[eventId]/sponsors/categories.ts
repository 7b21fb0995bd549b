import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { platformOf } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 GET sponsors/categories: the sponsor categories (categoryType 0). */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event } = await memberCall(context);
  return jsonAnswer(await app().sponsors.categories(event, platformOf(context)), { headers: NO_STORE });
});
