import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { adminCall } from '~/server/http/call';
import { readJsonBody } from '~/server/http/read-body';
import { respond } from '~/server/http/respond';

/** Event files are data, not media: a large event is a few hundred kilobytes. */
const MAX_BODY_BYTES = 5 * 1_048_576;

/** The HTTP twin of `npm run event -- import`: creates or updates the event the body defines. */
export const POST: APIRoute = (context) => respond(async () => {
  adminCall(context);
  const result = await app().eventImport.importEvent(await readJsonBody(context.request, MAX_BODY_BYTES));
  return Response.json(result, { headers: NO_STORE });
});
