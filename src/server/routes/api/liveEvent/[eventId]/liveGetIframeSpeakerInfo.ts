import { SpeakerQuerySchema } from '~/contracts/speakers';
import { app } from '~/server/app';
import { PUBLIC_SHORT } from '~/server/http/cache-headers';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** docs/product.md §7 liveGetIframeSpeakerInfo?page&size&search&category: one page of speakers for visitors. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/liveGetIframeSpeakerInfo', who: 'anyone', sideEffects: false, cache: 'visitor', input: { query: SpeakerQuerySchema },
  handle: async (context) => {
    const query = context.input.query;
    const { event } = context;
    return jsonAnswer(await app().speakers.getPublicSpeakers(event, query), { headers: PUBLIC_SHORT });
  },
});
