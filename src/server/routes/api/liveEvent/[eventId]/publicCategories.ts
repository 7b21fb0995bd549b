import { PublicCategoriesQuerySchema } from '~/contracts/categories';
import { app } from '~/server/app';
import { PUBLIC_SHORT } from '~/server/http/cache-headers';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 publicCategories: the event's public categories, optionally of one type. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/publicCategories', who: 'anyone', sideEffects: false, cache: 'visitor', input: { query: PublicCategoriesQuerySchema },
  handle: async (context) => {
    const { type } = context.input.query;
    const { event } = context;
    return jsonAnswer(await app().categories.listPublic(event.eventId, type), { headers: PUBLIC_SHORT });
  },
});
