import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import { memberCall, PRIVATE } from '~/server/sponsors/sponsor-http';

/** SPEC §7 GET sponsors: the event's sponsors in configured order. */
export const GET: APIRoute = (context) => respond(async () => {
  const { event } = await memberCall(context);
  return Response.json(await app().sponsors.list(event), { headers: PRIVATE });
});
