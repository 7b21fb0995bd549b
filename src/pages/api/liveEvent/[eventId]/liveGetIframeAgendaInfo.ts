import { AgendaQuerySchema } from '~/contracts/agenda';
import { apiRoute, parseQuery, pathEvent, PUBLIC_CACHE } from '~/server/http/api-handler';
import { services } from '~/server/services';

/** SPEC §7 liveGetIframeAgendaInfo: the public agenda, optionally filtered by search, category and day. */
export const GET = apiRoute(async (context) => {
  const query = parseQuery(AgendaQuerySchema, context.url);
  const event = await pathEvent(context);
  return Response.json(await services().agenda.getPublicAgenda(event, query), { headers: PUBLIC_CACHE });
});
