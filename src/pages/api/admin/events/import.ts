import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import { requireAdminToken } from '~/server/auth/admin-token';
import { config } from '~/server/config';
import { readJsonBody } from '~/server/http/json-endpoint';

/** Event files are data, not media: a large event is a few hundred kilobytes. */
const MAX_BODY_BYTES = 5 * 1_048_576;

/** The HTTP twin of `npm run event -- import`: creates or updates the event the body defines. */
export const POST: APIRoute = ({ request }) => respond(async () => {
  requireAdminToken(request, config().adminToken);
  const result = await app().eventImport.importEvent(await readJsonBody(request, MAX_BODY_BYTES));
  return Response.json(result, { headers: { 'cache-control': 'no-store' } });
});
