import { AgendaQuerySchema } from '~/contracts/agenda';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { memberCall } from '~/server/http/call';
import { parseQuery } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import type { CallRoute } from '~/server/http/request-context';

/** SPEC §7 liveGetAgendaInfo: the agenda with the caller's bookings and seats left (docs/agenda.md). */
export const GET: CallRoute = (context) => respond(async () => {
  const { user, event } = await memberCall(context);
  const query = parseQuery(AgendaQuerySchema, context.url);
  return Response.json(await app().agenda.getMemberAgenda(event, user.userId, query), { headers: NO_STORE });
});
