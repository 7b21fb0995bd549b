import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';

/** Visible attendees online now (docs/presence.md); clients then follow online-users-change. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event } = await memberCall(context);
  return Response.json({ online: await app().participants.online(event) }, { headers: NO_STORE });
});
