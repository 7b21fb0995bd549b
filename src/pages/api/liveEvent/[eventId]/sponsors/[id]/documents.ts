import type { APIRoute } from 'astro';
import { respond } from '~/server/http/respond';
import { idParam, memberCall, platformOf, PRIVATE } from '~/server/sponsors/sponsor-http';
import { sponsorService } from '~/server/sponsors/sponsor.wiring';

/** SPEC §7 GET sponsors/{id}/documents: the sponsor's documents for the platform. */
export const GET: APIRoute = (context) => respond(async () => {
  const { event } = await memberCall(context);
  return Response.json(await sponsorService().documents(event, idParam(context), platformOf(context)), { headers: PRIVATE });
});
