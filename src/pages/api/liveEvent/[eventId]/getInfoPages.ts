import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import { memberCall, platformOf, PRIVATE } from '~/server/sponsors/sponsor-http';

/** SPEC §7 GET getInfoPages: the information pages of the platform (query platform=digital|webApp). */
export const GET: APIRoute = (context) => respond(async () => {
  const { event } = await memberCall(context);
  return Response.json(await app().content.infoPages(event, platformOf(context)), { headers: PRIVATE });
});
