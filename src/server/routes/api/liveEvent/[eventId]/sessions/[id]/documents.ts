import { IdSchema } from '~/contracts/agenda';
import * as v from 'valibot';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { platformOf } from '~/server/http/params';
import { parseInput } from '~/server/http/respond';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 sessions/{id}/documents: the documents attached to one session. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/sessions/:id/documents', who: 'member', sideEffects: false, cache: 'private',
  handle: async (context) => {
    const { event } = context;
    const { id } = parseInput(v.object({ id: IdSchema }), { id: context.params['id'] });
    return jsonAnswer(await app().agenda.getSessionDocuments(event, id, platformOf(context)), { headers: NO_STORE });
  },
});
