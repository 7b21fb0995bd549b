import { toPublicEventInfo } from '~/server/events/public-event-info';
import { apiRoute, pathEvent, PUBLIC_CACHE } from '~/server/http/api-handler';

/** SPEC §7 publicEventInfo: what a visitor's page needs to show the event, nothing more. */
export const GET = apiRoute(async (context) => {
  const event = await pathEvent(context);
  return Response.json(toPublicEventInfo(event), { headers: PUBLIC_CACHE });
});
