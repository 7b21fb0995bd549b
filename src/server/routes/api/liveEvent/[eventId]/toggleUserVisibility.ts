import { app } from '~/server/app';
import { memberCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7: flips the own profile between visible ('0') and hidden ('1'); answers the new state. */
export const POST: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const Hidden = await app().profile.toggleVisibility(event.eventId, user.userId);
  return jsonAnswer({ Hidden });
});
