import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { readJsonBody } from '~/server/http/read-body';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** The HTTP twin of `npm run event -- import`: creates or updates the event the body defines. */
export const POST: RouteHandler = (context) => respond(async () => {
  const result = await app().eventImport.importEvent(await readJsonBody(context.request));
  return jsonAnswer(result, { headers: NO_STORE });
});
