import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { platformOf } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 booked sessions list: [{ id, startDate, endDate, title }] of the caller, in start order. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { user, event } = await memberCall(context);
  return jsonAnswer(await app().booking.listBooked(event, user.userId, platformOf(context)), { headers: NO_STORE });
});
