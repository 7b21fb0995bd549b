import type { APIRoute } from 'astro';
import { respond } from '~/server/http/respond';
import { idParam, memberCall, PRIVATE } from '~/server/sponsors/sponsor-http';
import { sponsorService } from '~/server/sponsors/sponsor.wiring';

/** SPEC §7 GET sponsors/{id}/quizzes: the sponsor's quizzes. */
export const GET: APIRoute = (context) => respond(async () => {
  const { event } = await memberCall(context);
  return Response.json(await sponsorService().quizzes(event, idParam(context)), { headers: PRIVATE });
});
