import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { memberCall } from '~/server/http/call';
import { idParam, parseQuery, platformOf } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import * as v from 'valibot';
import { IdSchema } from '~/contracts/sponsors';

const Query = v.object({ sponsorId: v.optional(IdSchema) });

/** SPEC §7 GET requestMeeting/{id}: a meeting request to sponsor contact user {id} (optional sponsorId). */
export const GET: APIRoute = (context) => respond(async () => {
  const { event, user } = await memberCall(context);
  await app().actionLimits.take('requestMeeting', event.eventId, user.userId);
  const { sponsorId } = parseQuery(Query, context.url);
  await app().leads.requestMeeting(event, user, idParam(context), sponsorId, platformOf(context), context.locals.t);
  return Response.json({ data: true });
});
