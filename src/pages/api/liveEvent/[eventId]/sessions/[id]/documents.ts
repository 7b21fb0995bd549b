import { IdSchema } from '~/contracts/agenda';
import type { APIRoute } from 'astro';
import * as v from 'valibot';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { platformOf } from '~/server/http/params';
import { parseInput, respond } from '~/server/http/respond';

/** SPEC §7 sessions/{id}/documents: the documents attached to one session. */
export const GET: APIRoute = (context) => respond(async () => {
  const { event } = await memberCall(context);
  const { id } = parseInput(v.object({ id: IdSchema }), { id: context.params['id'] });
  return Response.json(await app().agenda.getSessionDocuments(event, id, platformOf(context)), { headers: NO_STORE });
});
