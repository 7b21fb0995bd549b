import { app } from '~/server/app';
import { CONSOLE_TIMELINE_COUNT } from '~/server/console/console.service';
import { keptJsonResponse } from '~/server/http/kept-json';
import { route } from '~/server/http/route-rules';

/** The newest posts and promoted items of every platform with their comments, for moderation: the text the timeline's read model keeps. */
export const GET = route({
  method: 'GET', path: '/api/console/timeline', who: 'organiser', sideEffects: false, cache: 'private',
  handle: async (context) => {
    const { organiser, event } = context;
    return keptJsonResponse(context, (await app().console.timeline(organiser, event, CONSOLE_TIMELINE_COUNT)).answer, {});
  },
});
