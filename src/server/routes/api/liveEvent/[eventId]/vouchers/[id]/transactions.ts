import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { ownUserParam, platformOf } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 vouchers/{id}/transactions ({id}: user id): the balance plus its transactions, newest first. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const userId = ownUserParam(user, context.params['id']);
  return jsonAnswer(await app().vouchers.transactions(event, userId, platformOf(context)), { headers: NO_STORE });
});
