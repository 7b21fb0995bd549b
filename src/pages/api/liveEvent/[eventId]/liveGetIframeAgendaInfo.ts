import { AgendaQuerySchema } from '~/contracts/agenda';
import type { APIRoute } from 'astro';
import { app } from '~/server/app';
import { parseQuery, pathEvent, PUBLIC_CACHE } from '~/server/http/public-api';
import { respond } from '~/server/http/respond';

/** SPEC §7 liveGetIframeAgendaInfo: the public agenda, optionally filtered by search, category and day. */
export const GET: APIRoute = (context) => respond(async () => {
  const query = parseQuery(AgendaQuerySchema, context.url);
  const event = await pathEvent(context);
  return Response.json(await app().agenda.getPublicAgenda(event, query), { headers: PUBLIC_CACHE });
});
