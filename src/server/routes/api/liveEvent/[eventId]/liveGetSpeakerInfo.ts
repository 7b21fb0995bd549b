import { SpeakerQuerySchema } from '~/contracts/speakers';
import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 liveGetSpeakerInfo?page&size&search&category (size 20): one page of speakers for attendees. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/liveGetSpeakerInfo', who: 'member', sideEffects: false, cache: 'member', input: { query: SpeakerQuerySchema },
  handle: async (context) => {
    const { event } = context;
    const query = context.input.query;
    return jsonAnswer(await app().speakers.getPublicSpeakers(event, query), { headers: NO_STORE });
  },
});
