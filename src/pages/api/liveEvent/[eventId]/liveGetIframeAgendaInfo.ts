import { AgendaQuerySchema } from '~/contracts/agenda';
import type { APIRoute } from 'astro';
import { parseQuery, pathEvent, PUBLIC_CACHE } from '~/server/http/public-api';
import { respond } from '~/server/http/respond';
import { services } from '~/server/services';

/** SPEC §7 liveGetIframeAgendaInfo: the public agenda, optionally filtered by search, category and day. */
export const GET: APIRoute = (context) => respond(async () => {
  const query = parseQuery(AgendaQuerySchema, context.url);
  const event = await pathEvent(context);
  return Response.json(await services().agenda.getPublicAgenda(event, query), { headers: PUBLIC_CACHE });
});
