import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import { requireEvent, requireUser } from '~/server/http/require';

/** SPEC §7: flips the own profile between visible ('0') and hidden ('1'); answers the new state. */
export const POST: APIRoute = ({ params, locals }) => respond(async () => {
  const event = requireEvent(locals, params['eventId']);
  const user = requireUser(locals);
  const Hidden = await app().profile.toggleVisibility(event.eventId, user.userId);
  return Response.json({ Hidden });
});
