import { IdSchema } from '~/contracts/agenda';
import * as v from 'valibot';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { platformOf } from '~/server/http/params';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 sessions/{id}/documents: the documents attached to one session. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/sessions/:id/documents', who: 'member', sideEffects: false, cache: 'private',
  input: { params: v.object({ id: IdSchema }) },
  handle: async (context) => {
    const { event } = context;
    const { id } = context.input.params;
    return jsonAnswer(await app().agenda.getSessionDocuments(event, id, platformOf(context)), { headers: NO_STORE });
  },
});
