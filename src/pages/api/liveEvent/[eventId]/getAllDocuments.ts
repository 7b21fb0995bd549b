import type { APIRoute } from 'astro';
import { respond } from '~/server/http/respond';
import { contentService } from '~/server/content/content.wiring';
import { memberCall, platformOf, PRIVATE } from '~/server/sponsors/sponsor-http';

/** SPEC §7 GET getAllDocuments: the event's documents for the platform, newest first. */
export const GET: APIRoute = (context) => respond(async () => {
  const { event } = await memberCall(context);
  return Response.json(await contentService().documents(event, platformOf(context)), { headers: PRIVATE });
});
