import { AgendaQuerySchema } from '~/contracts/agenda';
import { app } from '~/server/app';
import { PUBLIC_SHORT } from '~/server/http/cache-headers';
import { publicCall } from '~/server/http/call';
import { parseQuery } from '~/server/http/params';
import { respond } from '~/server/http/respond';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** SPEC §7 liveGetIframeAgendaInfo: the public agenda, optionally filtered by search, category and day. */
export const GET: RouteHandler = (context) => respond(async () => {
  const query = parseQuery(AgendaQuerySchema, context.url);
  const { event } = await publicCall(context);
  return jsonAnswer(await app().agenda.getPublicAgenda(event, query), { headers: PUBLIC_SHORT });
});
