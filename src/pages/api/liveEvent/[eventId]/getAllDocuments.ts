import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import { memberCall, platformOf, PRIVATE } from '~/server/sponsors/sponsor-http';

/** SPEC §7 GET getAllDocuments: the event's documents for the platform, newest first. */
export const GET: APIRoute = (context) => respond(async () => {
  const { event } = await memberCall(context);
  return Response.json(await app().content.documents(event, platformOf(context)), { headers: PRIVATE });
});
