import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import { idParam, memberCall, PRIVATE } from '~/server/sponsors/sponsor-http';

/** SPEC §7 GET sponsors/{id}/users: the sponsor's contact users (phone and e-mail as profiles show them). */
export const GET: APIRoute = (context) => respond(async () => {
  const { event } = await memberCall(context);
  return Response.json(await app().sponsors.users(event, idParam(context)), { headers: PRIVATE });
});
