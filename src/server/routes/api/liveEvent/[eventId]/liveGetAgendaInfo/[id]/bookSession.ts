import { IdSchema } from '~/contracts/agenda';
import * as v from 'valibot';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { platformOf } from '~/server/http/params';
import { parseInput, respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 DELETE liveGetAgendaInfo/{id}/bookSession: cancels the caller's booking of session {id}. */
export const DELETE: RouteHandler = (context) => respond(async () => {
  const { user, event } = await memberCall(context);
  const { id } = parseInput(v.object({ id: IdSchema }), { id: context.params['id'] });
  return jsonAnswer(await app().booking.cancel(event, user.userId, id, platformOf(context)), { headers: NO_STORE });
});
