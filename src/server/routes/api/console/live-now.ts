import { app } from '~/server/app';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** The console's Live now: attendees online, the open polls' answers and rate, unread support chats, the stream. */
export const GET = route({
  method: 'GET', path: '/api/console/live-now', who: 'organiser', sideEffects: false, cache: 'private',
  handle: async (context) => {
    const { organiser, event } = context;
    return jsonAnswer(await app().console.liveNow.snapshot(organiser, event));
  },
});
