import { AgendaQuerySchema } from '~/contracts/agenda';
import { app } from '~/server/app';
import { PUBLIC_SHORT } from '~/server/http/cache-headers';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 liveGetIframeAgendaInfo: the public agenda, optionally filtered by search, category and day. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/liveGetIframeAgendaInfo', who: 'anyone', sideEffects: false, cache: 'visitor', input: { query: AgendaQuerySchema },
  handle: async (context) => {
    const query = context.input.query;
    const { event } = context;
    return jsonAnswer(await app().agenda.getPublicAgenda(event, query), { headers: PUBLIC_SHORT });
  },
});
