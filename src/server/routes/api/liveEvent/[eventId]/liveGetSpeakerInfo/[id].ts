import { IdSchema } from '~/contracts/agenda';
import * as v from 'valibot';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 liveGetSpeakerInfo/{id}: one speaker with sessions and contact links. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/liveGetSpeakerInfo/:id', who: 'member', sideEffects: false, cache: 'member', input: { params: v.object({ id: IdSchema }) },
  handle: async (context) => {
    const { event } = context;
    const { id } = context.input.params;
    return jsonAnswer(await app().speakers.getSpeaker(event, id), { headers: NO_STORE });
  },
});
