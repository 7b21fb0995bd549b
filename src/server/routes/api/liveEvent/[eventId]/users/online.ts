import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** Visible attendees online now (docs/presence.md); clients then follow online-users-change. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event } = await memberCall(context);
  return jsonAnswer({ online: await app().participants.online(event) }, { headers: NO_STORE });
});
