import { IdSchema } from '~/contracts/agenda';
import { route, FORM_BODY } from '~/server/http/route-rules';
import * as v from 'valibot';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { platformOf } from '~/server/http/params';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** docs/product.md §7 DELETE liveGetAgendaInfo/{id}/bookSession: cancels the caller's booking of session {id}. */
export const DELETE = route({
  method: 'DELETE', path: '/api/liveEvent/:eventId/liveGetAgendaInfo/:id/bookSession', who: 'member', sideEffects: true, cache: 'private', bodyLimit: FORM_BODY,
  input: { params: v.object({ id: IdSchema }) },
  handle: async (context) => {
    const { user, event } = context;
    const { id } = context.input.params;
    return jsonAnswer(await app().booking.cancel(event, user.userId, id, platformOf(context)), { headers: NO_STORE });
  },
});
