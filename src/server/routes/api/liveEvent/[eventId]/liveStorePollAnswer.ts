import { StorePollAnswerSchema } from '~/contracts/polls';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { platformOf } from '~/server/http/params';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 POST liveStorePollAnswer (PollID, QuestionType, Alternatives; Comment for a rating), JSON or form fields; answers the poll as the caller now sees it. */
export const POST = route({
  method: 'POST', path: '/api/liveEvent/:eventId/liveStorePollAnswer', who: 'member', sideEffects: true, cache: 'private', bodyLimit: 16384, input: { body: StorePollAnswerSchema },
  handle: async (context) => {
    const { event, user } = context;
    const input = context.input.body;
    return jsonAnswer(await app().polls.storePollAnswer(event, user.userId, input, platformOf(context)), { headers: NO_STORE });
  },
});
