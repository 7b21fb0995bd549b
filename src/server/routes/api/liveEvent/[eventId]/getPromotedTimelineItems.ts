import { JSON_TYPE, NO_STORE } from '~/server/http/cache-headers';
import { PlatformSchema } from '~/contracts/timeline';
import { app } from '~/server/app';
import * as v from 'valibot';
import { bytesAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 GET getPromotedTimelineItems: the promoted items of the platform (`?platform=webApp`), newest first. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/getPromotedTimelineItems', who: 'member', sideEffects: false, cache: 'private', input: { query: v.object({ platform: PlatformSchema }) },
  handle: async (context) => {
    const { event, user } = context;
    const { platform } = context.input.query;
    return bytesAnswer(Buffer.from(await app().timeline.promotedJson(event, user.userId, platform)), { headers: { ...JSON_TYPE, ...NO_STORE } });
  },
});
