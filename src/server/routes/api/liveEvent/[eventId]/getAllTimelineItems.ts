import { JSON_TYPE, NO_STORE } from '~/server/http/cache-headers';
import { app } from '~/server/app';
import { readPageQuery } from '~/server/timeline/timeline.http';
import { bytesAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** GET getAllTimelineItems (default 50); `?before={TimelineID}` pages to older posts (the next cursor: header X-Next-Before), `?platform=webApp` for the web app. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/getAllTimelineItems', who: 'member', sideEffects: false, cache: 'private',
  handle: async (context) => {
    const { event, user } = context;
    const { json, nextBefore } = await app().timeline.pageJson(event, user.userId, readPageQuery(context));
    // The body stays the documented array (docs/timeline.md); the cursor of the next older page rides in a header.
    return bytesAnswer(Buffer.from(json), { headers: { ...JSON_TYPE, ...NO_STORE, ...(nextBefore === null ? {} : { 'x-next-before': String(nextBefore) }) } });
  },
});
