import { AgendaQuerySchema } from '~/contracts/agenda';
import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { memberCall, PRIVATE_NO_STORE } from '~/server/http/member-api';
import { parseQuery } from '~/server/http/public-api';
import { respond } from '~/server/http/respond';

/** SPEC §7 liveGetAgendaInfo: the agenda with the caller's bookings and seats left (docs/agenda.md). */
export const GET: APIRoute = (context) => respond(async () => {
  const { user, event } = await memberCall(context);
  const query = parseQuery(AgendaQuerySchema, context.url);
  return Response.json(await app().agenda.getMemberAgenda(event, user.userId, query), { headers: PRIVATE_NO_STORE });
});
