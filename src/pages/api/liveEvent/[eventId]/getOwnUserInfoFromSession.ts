import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { respond } from '~/server/http/respond';
import { requireEvent, requireUser } from '~/server/http/require';

/** SPEC §7: the signed-in user's own profile in `userModuleResult`. */
export const GET: APIRoute = ({ params, locals }) => respond(async () => {
  const event = requireEvent(locals, params['eventId']);
  const user = requireUser(locals);
  const userModuleResult = await app().profile.userInfo(event.eventId, user.userId);
  return Response.json({ userModuleResult }, { headers: { 'cache-control': 'no-store' } });
});
