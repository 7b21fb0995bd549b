import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { PublicCategoriesQuerySchema } from '~/contracts/categories';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET categories: the event's categories for signed-in attendees, optionally of one categoryType. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/categories', who: 'member', sideEffects: false, cache: 'member', input: { query: PublicCategoriesQuerySchema },
  handle: async (context) => {
    const { event } = context;
    const { type } = context.input.query;
    return jsonAnswer(await app().categories.listPublic(event.eventId, type), { headers: NO_STORE });
  },
});
