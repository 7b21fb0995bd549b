import { StoreFreeTextAnswerSchema } from '~/contracts/polls';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { platformOf } from '~/server/http/params';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 POST liveStoreFreeTextAnswer (PollID, QuestionType, FreeText), JSON or form fields; answers the poll as the caller now sees it. */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/liveStoreFreeTextAnswer', who: 'member', sideEffects: true, cache: 'private', bodyLimit: 16384, input: { body: StoreFreeTextAnswerSchema },
  handle: async (context) => {
    const { event, user } = context;
    const input = context.input.body;
    return jsonAnswer(await app().polls.storeFreeTextAnswer(event, user.userId, input, platformOf(context)), { headers: NO_STORE });
  },
});
