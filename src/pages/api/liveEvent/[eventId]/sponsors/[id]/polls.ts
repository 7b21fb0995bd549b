import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import { idParam, memberCall, PRIVATE } from '~/server/sponsors/sponsor-http';

/** SPEC §7 GET sponsors/{id}/polls: the sponsor's polls. */
export const GET: APIRoute = (context) => respond(async () => {
  const { event } = await memberCall(context);
  return Response.json(await app().sponsors.polls(event, idParam(context)), { headers: PRIVATE });
});
