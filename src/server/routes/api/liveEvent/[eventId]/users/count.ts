import { UsersCountQuerySchema } from '~/contracts/participants';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { parseQuery } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 GET users/count?search&groupId: how many visible participants the filters match. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const count = await app().participants.count(event, user.userId, parseQuery(UsersCountQuerySchema, context.url));
  return jsonAnswer({ count }, { headers: NO_STORE });
});
