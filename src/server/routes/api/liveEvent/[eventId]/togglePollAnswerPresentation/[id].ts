import { TogglePresentationSchema } from '~/contracts/poll-results';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { IdParams } from '~/server/http/params';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 POST togglePollAnswerPresentation/{pollId}: present, unpresent, hide or list again an open-text answer. */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/togglePollAnswerPresentation/:id', who: 'results', sideEffects: true, cache: 'private', bodyLimit: 16 * 1024, input: { params: IdParams, body: TogglePresentationSchema },
  handle: async (context) => {
    const { event, grants } = context;
    const pollId = context.input.params.id;
    const input = context.input.body;
    return jsonAnswer(await app().pollResults.togglePresentation(event, grants, pollId, input), { headers: NO_STORE });
  },
});
