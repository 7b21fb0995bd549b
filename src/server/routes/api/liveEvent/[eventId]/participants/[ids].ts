import { parseIdList, PARTICIPANTS_MAX_IDS } from '~/contracts/participants';
import { app } from '~/server/app';
import { DomainError } from '~/server/errors';
import { NO_STORE } from '~/server/http/cache-headers';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET participants/{x}: the visible participants among comma-separated ids (hidden and unknown ones left out). */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/participants/:ids', who: 'member', sideEffects: false, cache: 'private',
  handle: async (context) => {
    const { event, user } = context;
    const ids = parseIdList(context.params['ids'] ?? '');
    if (!ids) throw new DomainError('request.invalid', `ids: 1 to ${PARTICIPANTS_MAX_IDS} comma-separated user ids`, { field: 'ids' });
    return jsonAnswer(await app().participants.some(event, user.userId, ids), { headers: NO_STORE });
  },
});
