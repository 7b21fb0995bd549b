import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/**
 * Not in docs/product.md §7: the event's open polls, quizzes and hunts ("Live now", docs/decisions.md
 * "Attendee navigation"), the same for every member. The stage's strip reads it again when a
 * `poll-change` says a poll opened or closed.
 */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/livePolls', who: 'member', sideEffects: false, cache: 'member',
  handle: async (context) => {
    const { event } = context;
    return jsonAnswer(await app().polls.liveNow(event.eventId), { headers: NO_STORE });
  },
});
