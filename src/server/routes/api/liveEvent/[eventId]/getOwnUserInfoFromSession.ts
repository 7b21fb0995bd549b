import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7: the signed-in user's own profile in `userModuleResult`. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const userModuleResult = await app().profile.userInfo(event.eventId, user.userId);
  return jsonAnswer({ userModuleResult }, { headers: NO_STORE });
});
