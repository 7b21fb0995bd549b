import { app } from '~/server/app';
import { IdParams, platformOf } from '~/server/http/params';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET sendContactInfo/{id}: shares the attendee's contact details with sponsor {id}. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/sendContactInfo/:id', who: 'member', sideEffects: true, cache: 'private', limit: 'sendContactInfo', input: { params: IdParams },
  handle: async (context) => {
    const { event, user } = context;
    await app().leads.sendContactInfo(event, user, context.input.params.id, platformOf(context), context.locals.t);
    return jsonAnswer({ data: true });
  },
});
