import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';

/** SPEC §7 GET groups: the groups the caller can see (public ones and their own), for the list's group filter. */
export const GET: APIRoute = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  return Response.json(await app().participants.groups(event.eventId, user.userId), { headers: NO_STORE });
});
