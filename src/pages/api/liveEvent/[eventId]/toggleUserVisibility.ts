import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { memberCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';

/** SPEC §7: flips the own profile between visible ('0') and hidden ('1'); answers the new state. */
export const POST: APIRoute = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const Hidden = await app().profile.toggleVisibility(event.eventId, user.userId);
  return Response.json({ Hidden });
});
