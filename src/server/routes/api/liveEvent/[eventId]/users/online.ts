import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Visible attendees online now (docs/presence.md); clients then follow online-users-change. */
export const GET = route({
  method: 'GET', path: '/api/liveEvent/:eventId/users/online', who: 'member', sideEffects: false, cache: 'private',
  handle: async (context) => {
    const { event } = context;
    return jsonAnswer({ online: await app().participants.online(event) }, { headers: NO_STORE });
  },
});
