import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { readJsonBody } from '~/server/http/read-body';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';

/** Event files are data, not media: a large event is a few hundred kilobytes. */
const MAX_BODY_BYTES = 5 * 1_048_576;

/** The HTTP twin of `npm run event -- import`: creates or updates the event the body defines. */
export const POST: RouteHandler = (context) => respond(async () => {
  const result = await app().eventImport.importEvent(await readJsonBody(context.request, MAX_BODY_BYTES));
  return Response.json(result, { headers: NO_STORE });
});
