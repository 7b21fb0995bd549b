import { CodedPollQuerySchema } from '~/contracts/polls';
import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { NO_STORE } from '~/server/http/cache-headers';
import { clientAddressOf } from '~/server/http/client';
import { platformOf } from '~/server/http/params';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

const IS_CODE: Record<string, boolean> = { '1': true, true: true, '0': false, false: false };

/**
 * docs/product.md §7 GET liveGetPoll/{id}/{isCode}: a poll by id, or (isCode 1/true) an open coded poll by its
 * 4-digit code; `?questionType=4|5` names the entry's kind (docs/product.md §8). A coded poll by id needs its code given first.
 */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/liveGetPoll/:id/:isCode', who: 'member', sideEffects: false, cache: 'private', input: { query: CodedPollQuerySchema },
  handle: async (context) => {
    const { event, user } = context;
    const isCode = IS_CODE[context.params['isCode'] ?? ''];
    if (isCode === undefined) throw new DomainError('request.invalid', 'isCode: must be 1, 0, true or false', { field: 'isCode' });
    const { questionType } = context.input.query;
    const expectedType = questionType === undefined ? undefined : Number(questionType);
    const poll = await app().polls.get(event, user.userId, context.params['id'] ?? '', isCode, expectedType, clientAddressOf(context), platformOf(context));
    return jsonAnswer(poll, { headers: NO_STORE });
  },
});
