import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import { idParam, memberCall, platformOf, PRIVATE } from '~/server/sponsors/sponsor-http';

/** SPEC §7 GET sponsors/{id}/documents: the sponsor's documents for the platform. */
export const GET: APIRoute = (context) => respond(async () => {
  const { event } = await memberCall(context);
  return Response.json(await app().sponsors.documents(event, idParam(context), platformOf(context)), { headers: PRIVATE });
});
