import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import { idParam, memberCall, PRIVATE } from '~/server/sponsors/sponsor-http';

/** SPEC §7 GET sponsors/{id}: one sponsor with its sanitised description. */
export const GET: APIRoute = (context) => respond(async () => {
  const { event } = await memberCall(context);
  return Response.json(await app().sponsors.get(event, idParam(context)), { headers: PRIVATE });
});
