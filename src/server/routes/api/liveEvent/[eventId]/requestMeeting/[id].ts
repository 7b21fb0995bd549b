import { app } from '~/server/app';
import { memberCall } from '~/server/http/call';
import { idParam, parseQuery, platformOf } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import * as v from 'valibot';
import { IdSchema } from '~/contracts/sponsors';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

const Query = v.object({ sponsorId: v.optional(IdSchema) });

/** SPEC §7 GET requestMeeting/{id}: a meeting request to sponsor contact user {id} (optional sponsorId). */
export const GET: RouteHandler = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  const { sponsorId } = parseQuery(Query, context.url);
  await app().leads.requestMeeting(event, user, idParam(context), sponsorId, platformOf(context), context.locals.t);
  return jsonAnswer({ data: true });
});
