import { toPublicEventInfo } from '~/server/events/public-event-info';
import type { APIRoute } from 'astro';
import { pathEvent, PUBLIC_CACHE } from '~/server/http/public-api';
import { respond } from '~/server/http/respond';

/** SPEC §7 publicEventInfo: what a visitor's page needs to show the event, nothing more. */
export const GET: APIRoute = (context) => respond(async () => {
  const event = await pathEvent(context);
  return Response.json(toPublicEventInfo(event), { headers: PUBLIC_CACHE });
});
