import { app } from '~/server/app';
import { IdParams, platformOf } from '~/server/http/params';
import * as v from 'valibot';
import { IdSchema } from '~/contracts/sponsors';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

const Query = v.object({ sponsorId: v.optional(IdSchema) });

/** docs/product.md §7 GET requestMeeting/{id}: a meeting request to sponsor contact user {id} (optional sponsorId). */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/requestMeeting/:id', who: 'member', sideEffects: true, cache: 'private', limit: 'requestMeeting', input: { params: IdParams, query: Query },
  handle: async (context) => {
    const { event, user } = context;
    const { sponsorId } = context.input.query;
    await app().leads.requestMeeting(event, user, context.input.params.id, sponsorId, platformOf(context), context.locals.t);
    return jsonAnswer({ data: true });
  },
});
