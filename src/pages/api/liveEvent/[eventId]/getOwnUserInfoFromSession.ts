import type { APIRoute } from 'astro';
import { respond } from '~/server/http/respond';
import { requireEvent, requireUser } from '~/server/http/require';
import { profileServices } from '~/server/profile/profile.wiring';

/** SPEC §7: the signed-in user's own profile in `userModuleResult`. */
export const GET: APIRoute = ({ params, locals }) => respond(async () => {
  const event = requireEvent(locals, params['eventId']);
  const user = requireUser(locals);
  const userModuleResult = await profileServices().profile.userInfo(event.eventId, user.userId);
  return Response.json({ userModuleResult }, { headers: { 'cache-control': 'no-store' } });
});
