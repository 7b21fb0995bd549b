import { AgendaQuerySchema } from '~/contracts/agenda';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { keptJsonResponse } from '~/server/http/kept-json';
import { parseQuery, platformOf } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';

/** SPEC §7 liveGetAgendaInfo: the agenda with the caller's bookings and seats left (docs/agenda.md), kept with the agenda's read model for the members who get the same bytes. */
export const GET: RouteHandler = (context) => respond(async () => {
  const { user, event } = await memberCall(context);
  const query = parseQuery(AgendaQuerySchema, context.url);
  return keptJsonResponse(context, await app().agenda.getMemberAgendaAnswer(event, user.userId, query, platformOf(context)), NO_STORE);
});
