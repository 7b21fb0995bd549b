import { UsersQuerySchema } from '~/contracts/participants';
import { app } from '~/server/app';
import { JSON_TYPE, NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { parseQuery } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { bytesAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 GET users?page&size&search&groupId: one page of visible participants (hidden ones never appear). */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const query = parseQuery(UsersQuerySchema, context.url);
  // Serialised from the participants' JSON kept per event (participant-directory.ts), not per request.
  return bytesAnswer(Buffer.from(await app().participants.pageBody(event, user.userId, query)), { headers: { ...JSON_TYPE, ...NO_STORE } });
});
